import type { TPaidPlanId } from "@backdrop/shared";
import { afterEach, beforeEach } from "vitest";
import { createLocalEngine } from "../../src/engines/local/local.engine.ts";
import type { TestDatabase } from "./databases.ts";
import type { SignedIn } from "./identity.ts";
import { adaAndBob, subscribeInSandbox } from "./payments.ts";
import { middleCutout } from "./stand-in-cutout.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * Each test gets a fresh app on the offline engine (its cut-out model stood in for by the
 * photo's middle), its jobs running, and Ada subscribed to `plan`.
 */
export function useLocalEngineApp(database: TestDatabase, plan: TPaidPlanId = "pro") {
  const context = {} as { t: TestApp; ada: SignedIn };
  beforeEach(async () => {
    context.t = createTestApp(database.handle(), {
      engine: createLocalEngine({ cutout: middleCutout }),
      jobs: { timeLimitMs: 60_000, leaseMs: 5_000, sweepIntervalMs: 200 },
    });
    context.t.container.jobs.start();
    ({ ada: context.ada } = await adaAndBob(context.t));
    await subscribeInSandbox(context.t, context.ada, plan);
  });
  afterEach(async () => {
    await context.t.container.close();
  });
  return context;
}
