import type { TPaidPlanId } from "@backdrop/shared";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type FalEmulator, startFalEmulator } from "../fal-emulator/fal-emulator.ts";
import type { TestDatabase } from "./databases.ts";
import type { SignedIn } from "./identity.ts";
import { adaAndBob, subscribeInSandbox } from "./payments.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export const FAL_TEST_KEY = "fal-test-key";

/** The fal emulator for a suite: started once, forgotten what it saw after each test. */
export function useFalEmulator(): { readonly emulator: FalEmulator } {
  const suite = {} as { emulator: FalEmulator };
  beforeAll(async () => {
    suite.emulator = await startFalEmulator({ key: FAL_TEST_KEY });
  });
  afterEach(() => suite.emulator.reset());
  afterAll(async () => {
    await suite.emulator.close();
  });
  return suite;
}

/**
 * The app on the fal engine, reaching the emulator, with its jobs running. The time limit is
 * generous: the upload's cut-out and the paste-back run the local models on shared cores.
 */
export function falTestApp(
  database: TestDatabase,
  emulator: FalEmulator,
  env: Record<string, string> = {},
): TestApp {
  const t = createTestApp(database.handle(), {
    env: { FAL_KEY: FAL_TEST_KEY, ...env },
    falTransport: { fetch: emulator.fetch, pollIntervalMs: 20 },
    jobs: { timeLimitMs: 120_000, leaseMs: 5_000, sweepIntervalMs: 500 },
  });
  t.container.jobs.start();
  return t;
}

/** Each test gets a fresh fal app and Ada, subscribed to `plan`. */
export function useFalApp(database: TestDatabase, plan: TPaidPlanId) {
  const suite = useFalEmulator();
  const context = {} as { t: TestApp; ada: SignedIn; emulator: FalEmulator };
  beforeEach(async () => {
    context.emulator = suite.emulator;
    context.t = falTestApp(database, suite.emulator);
    ({ ada: context.ada } = await adaAndBob(context.t));
    await subscribeInSandbox(context.t, context.ada, plan);
  });
  afterEach(async () => {
    await context.t.container.close();
  });
  return context;
}
