import { randomUUID } from "node:crypto";
import { describe } from "vitest";

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;

export type DriverSetup = {
  label: string;
  /** Variables that pick this driver, with a queue of the test's own. */
  env(): Record<string, string>;
};

/** Jobs run in the server's own process: for suites where the driver makes no difference. */
export const inlineJobs: DriverSetup = { label: "inline jobs", env: () => ({}) };

const bullmq: DriverSetup = {
  label: "BullMQ jobs",
  env: () => ({
    REDIS_URL: REDIS_URL ?? "",
    JOB_QUEUE_PREFIX: `backdrop-test-${randomUUID().slice(0, 8)}`,
  }),
};

if (!REDIS_URL) console.warn("BullMQ integration suites skipped: set TEST_REDIS_URL to run them.");

/** Runs the same suite once per job driver: in-process, and BullMQ on a real Redis. */
export function describeEachDriver(title: string, suite: (driver: DriverSetup) => void) {
  describe(`${title} — ${inlineJobs.label}`, () => suite(inlineJobs));
  describe.skipIf(!REDIS_URL)(`${title} — ${bullmq.label}`, () => suite(bullmq));
}
