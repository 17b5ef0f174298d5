/** The worker processes of `npm run bench:scale`: started together, stopped together. */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

const SERVER_DIR = join(import.meta.dirname, "..");
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** Each worker's last lines of output, shown when something went wrong. */
const KEPT_LINES = 40;

export type WorkerFleet = {
  size: number;
  /** The workers' last lines of output, each line marked with its worker. */
  output(): string;
  /** SIGTERM, then SIGKILL for any worker still running after STOP_TIMEOUT_MS. */
  stop(): Promise<void>;
};

type Worker = { child: ChildProcess; lines: string[]; exited: Promise<void> };

function startOne(index: number, env: Record<string, string>, args: string[]): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/scale-worker.ts", ...args], {
    cwd: SERVER_DIR,
    // biome-ignore lint/style/noProcessEnv: the worker inherits this shell's environment, as `npm run worker` would
    env: { ...process.env, ...env },
    // The IPC channel says when the worker is ready, and ends it if this process dies.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim()) lines.push(`[worker ${index + 1}] ${line}`);
    }
    lines.splice(0, Math.max(0, lines.length - KEPT_LINES));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return { child, lines, exited };
}

function ready({ child, lines, exited }: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("a worker was not ready in time")),
      READY_TIMEOUT_MS,
    );
    child.once("message", () => {
      clearTimeout(timer);
      resolve();
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`a worker ended before it was ready:\n${lines.join("\n")}`));
    });
  });
}

async function stopOne({ child, exited }: Worker): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** `count` worker processes with `env`; resolves once every one of them takes jobs. */
export async function startWorkers(
  count: number,
  env: Record<string, string>,
  args: string[],
): Promise<WorkerFleet> {
  const workers = Array.from({ length: count }, (_, index) => startOne(index, env, args));
  const fleet: WorkerFleet = {
    size: count,
    output: () => workers.flatMap((worker) => worker.lines).join("\n"),
    stop: async () => {
      await Promise.all(workers.map(stopOne));
    },
  };
  try {
    await Promise.all(workers.map(ready));
  } catch (error) {
    await fleet.stop();
    throw error;
  }
  return fleet;
}
