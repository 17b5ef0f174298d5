import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "../src/repositories/database.ts";
import { migrate } from "../src/repositories/migrations/index.ts";
import { pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import { adaAndBob, subscribeInSandbox } from "./helpers/payments.ts";
import { exited } from "./helpers/server-process.ts";
import { createTestApp } from "./helpers/test-app.ts";

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const SERVER_DIR = join(import.meta.dirname, "..");

/** The environment without anything a server needs besides the jobs' settings. */
function jobSettingsOnly(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const serverOnly = /^(BETTER_AUTH_|GOOGLE_|SMTP_|MAIL_|STRIPE_|APP_URL|ALLOW_SANDBOX)/;
  return Object.fromEntries(Object.entries(source).filter(([name]) => !serverOnly.test(name)));
}

/** `npm run worker` as its own process: the server enqueues, the worker runs the job. */
describe.skipIf(!REDIS_URL)("npm run worker, in production", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "backdrop-worker-"));
  const env = {
    REDIS_URL: REDIS_URL ?? "",
    JOB_QUEUE_PREFIX: `backdrop-worker-test-${randomUUID().slice(0, 8)}`,
    DATA_DIR: dataDir,
    FILES_DIR: join(dataDir, "files"),
  };
  let database: DatabaseHandle;
  let worker: ChildProcess;
  let output = "";

  beforeAll(async () => {
    database = createDatabase({ dialect: "sqlite", file: join(dataDir, "backdrop.db") });
    await migrate(database);
    worker = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
      cwd: SERVER_DIR,
      // Production, and nothing of the server's sign-in, mail or payment settings.
      env: { ...jobSettingsOnly(process.env), ...env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    worker.stdout?.on("data", (chunk) => (output += chunk));
    worker.stderr?.on("data", (chunk) => (output += chunk));
  });
  afterAll(async () => {
    if (worker.exitCode === null) worker.kill("SIGKILL");
    await database.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs a job the server queued, then stops cleanly on SIGTERM", async () => {
    const t = createTestApp(database, { env });
    expect(t.container.jobs.driver.id).toBe("bullmq");
    const { ada } = await adaAndBob(t);
    await subscribeInSandbox(t, ada, "pro");
    const uploaded = await upload(t, ada, "astronaut.png");
    expect((await postFal(t, "process", processBody(ada, uploaded), ada)).status).toBe(200);
    const record = await pollRecord(t, ada, uploaded.recordId, undefined, 90_000);
    expect(record.status, output).toBe("completed");
    expect(output).toMatch(/Backdrop worker is running \(image engine: local/);
    await t.container.close();

    const exit = exited(worker);
    worker.kill("SIGTERM");
    expect(await exit).toBe(0);
  }, 120_000);
});
