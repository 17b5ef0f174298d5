/**
 * The product booted as `npm run dev` boots it (src/main.ts under tsx), in a process of its own,
 * so a load generator measuring it does not share its event loop.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../test/helpers/free-port.ts";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));
const BOOT_LIMIT_MS = 60_000;

export type ProductProcess = {
  base: string;
  pid: number;
  /** The server's DATA_DIR (its database and files). */
  dataDir: string;
  /** The last lines the server wrote, for a failure's report. */
  output(): string;
  stop(): Promise<void>;
};

async function waitForHealth(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + BOOT_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited (${child.exitCode}) while starting:\n${output()}`);
    }
    const healthy = await fetch(`${base}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within ${BOOT_LIMIT_MS} ms:\n${output()}`);
}

/**
 * Starts the server on a free port with a fresh data folder: SQLite, files on disk, the local
 * engine, mail to the dev mailbox, unless `env` says otherwise. `stop()` ends it and removes
 * the folder.
 */
export async function startProductProcess(
  env: Record<string, string> = {},
  /** Another copy of apps/server to boot (an earlier version, to compare with). */
  serverDir = SERVER_DIR,
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "backdrop-bench-api-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    // Nothing from the caller's environment (a DATABASE_URL, a FAL_KEY): the same product always.
    env: {
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: "1000/60",
      UPLOAD_RATE_LIMIT: "1000/60",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid ?? 0, dataDir, output: () => log, stop } satisfies ProductProcess;
}
