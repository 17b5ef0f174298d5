import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { freePort } from "./free-port.ts";
import { APP_URL, SUPPORT_EMAIL, TEST_AUTH_SECRET } from "./test-app.ts";

const SERVER_DIR = join(import.meta.dirname, "..", "..");

export type ChildProduct = {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Sends `signal` and answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The child's exit code, once it has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/**
 * `src/main.ts` or `src/worker.ts` as its own process, as production runs them; resolves once
 * it prints `ready` (its start-up line).
 */
export async function startChild(
  entry: "main" | "worker",
  env: Record<string, string>,
  ready: RegExp,
): Promise<ChildProduct> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", `src/${entry}.ts`], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: "test",
      APP_URL,
      SUPPORT_EMAIL,
      BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${entry} exited (${code}): ${output}`)));
  });
  await started;
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      const exit = exited(child);
      child.kill(signal);
      return exit;
    },
  };
}
