import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ZJobAccepted } from "@backdrop/shared";
import { afterEach, beforeEach, expect } from "vitest";
import type { JobsOptions } from "../../src/services/generations/create-jobs.ts";
import type { TestDatabase } from "./databases.ts";
import type { SignedIn } from "./identity.ts";
import type { DriverSetup } from "./job-drivers.ts";
import { adaAndBob, balanceOf } from "./payments.ts";
import { scriptedEngine } from "./scripted-engine.ts";
import { createTestApp } from "./test-app.ts";

/** Job limits short enough for the generation suites' failures to come quickly. */
export const FAST_JOBS = {
  timeLimitMs: 5_000,
  queueWaitLimitMs: 30_000,
  leaseMs: 2_000,
  sweepIntervalMs: 200,
};

/** The job a generation request started: answered 200 with its request id. */
export async function accepted(res: Response) {
  expect(res.status).toBe(200);
  return ZJobAccepted.parse(await res.json());
}

type TestApp = ReturnType<typeof createTestApp>;

/**
 * The generation suites' app on one database and job driver, made before each test and
 * closed after it, with Ada and Bob signed up. Tests may replace `t` (a restart: `g.app()`
 * shares the queue and the files) and `engine`; the one in `t` is closed after the test.
 * With `cutouts`, the engine cuts each upload's subject out, as the local engine does.
 */
export function useGenerationApps(
  database: TestDatabase,
  driver: DriverSetup,
  options: { cutouts?: boolean } = {},
) {
  const g = {
    t: undefined as unknown as TestApp,
    engine: undefined as unknown as ReturnType<typeof scriptedEngine>,
    ada: undefined as unknown as SignedIn,
    bob: undefined as unknown as SignedIn,
    env: {} as Record<string, string>,
    app(jobs: JobsOptions = FAST_JOBS): TestApp {
      g.engine = scriptedEngine(options);
      const made = createTestApp(database.handle(), { env: g.env, engine: g.engine.engine, jobs });
      made.container.jobs.start();
      return made;
    },
    tokensOf: (user: SignedIn) => balanceOf(g.t, user),
  };
  beforeEach(async () => {
    g.env = { ...driver.env(), FILES_DIR: join(tmpdir(), `backdrop-files-${randomUUID()}`) };
    g.t = g.app();
    ({ ada: g.ada, bob: g.bob } = await adaAndBob(g.t));
  });
  afterEach(async () => {
    await g.t.container.close();
  });
  return g;
}
