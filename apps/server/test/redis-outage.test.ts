import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GENERATION_MESSAGES as M, PLANS } from "@backdrop/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { getRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import type { SignedIn } from "./helpers/identity.ts";
import { adaAndBob, currentUser, subscribeInSandbox } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { APP_URL, createTestApp, TEST_AUTH_SECRET } from "./helpers/test-app.ts";

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const SERVER_DIR = join(import.meta.dirname, "..");

/** A port on which nothing listens: Redis is "down" there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describeEachDatabase("Redis unreachable", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;

  beforeEach(async () => {
    t = createTestApp(database.handle(), {
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
      engine: scriptedEngine().engine,
    });
    t.container.jobs.startServer();
    ({ ada } = await adaAndBob(t));
    await subscribeInSandbox(t, ada, "pro");
  });
  afterEach(async () => {
    await t.container.close();
  });

  it("refuses a job with 503 and moves no token", async () => {
    const uploaded = await upload(t, ada);
    const res = await postFal(t, "process", processBody(ada, uploaded), ada);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: M.queueUnavailable });
    const me = await currentUser(t, ada);
    expect(me.subscriptionTokens + me.numOfTokens).toBe(PLANS.pro.tokensPerMonth);
    expect((await getRecord(t, ada, uploaded.recordId)).status).toBe("uploaded");
    const ledger = await t.container.repositories.tokenLedger.listForUser(ada.id);
    expect(ledger.map((entry) => entry.kind)).toEqual(["grant"]);
  });

  it("says so in the health check, with 503", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: string; checks: Record<string, unknown> };
    expect(body.error).toMatch(/^Job queue unavailable: /);
    expect(body.checks).toMatchObject({
      database: { status: "ok" },
      queue: { status: "error" },
      disk: { status: "ok" },
    });
  });
});

describe.skipIf(!REDIS_URL)("Redis reachable", () => {
  it("is reported in the health check", async () => {
    const { createDatabase } = await import("../src/repositories/database.ts");
    const { migrate } = await import("../src/repositories/migrations/index.ts");
    const database = createDatabase({ dialect: "sqlite", file: ":memory:" });
    await migrate(database);
    const t = createTestApp(database, { env: { REDIS_URL: REDIS_URL ?? "" } });
    try {
      const res = await t.app.request("/api/health");
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "ok", checks: { queue: { status: "ok" } } });
    } finally {
      await t.container.close();
      await database.db.destroy();
    }
  });
});

describe("a worker started while Redis is down", () => {
  let worker: ChildProcess;
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "backdrop-worker-outage-"));
  });
  afterEach(() => {
    if (worker.exitCode === null) worker.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps running and backs off quietly: one line per wait, no stack traces", async () => {
    worker = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        APP_URL,
        BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const waits = () => output.match(/Redis unreachable: .*; trying again in \d+ s/g) ?? [];
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        if (waits().length >= 3) resolve();
      };
      worker.stdout?.on("data", read);
      worker.stderr?.on("data", read);
      worker.once("exit", (code) => reject(new Error(`The worker exited (${code}):\n${output}`)));
    });
    expect(worker.exitCode).toBeNull();
    // Each wait is twice the one before, and nothing prints a stack.
    expect(waits().map((line) => line.replace(/^.* in /, ""))).toEqual(["1 s", "2 s", "4 s"]);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).toMatch(/ECONNREFUSED/);
  }, 60_000);
});
