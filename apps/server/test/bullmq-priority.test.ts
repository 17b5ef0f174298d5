import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createBullmqDriver, startBullmqWorker } from "../src/jobs/bullmq.driver.ts";
import { silentLogger } from "../src/lib/logger.ts";
import { createRedisConnector } from "../src/lib/redis-connection.ts";
import { FAIR_ORDER, handOverAll, recordingRunner } from "./helpers/fair-order.ts";

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.skipIf(!REDIS_URL)("the BullMQ job driver", () => {
  it("gives workers each user's first waiting job before anyone's next, background jobs last", async () => {
    const settings = {
      connect: createRedisConnector(REDIS_URL ?? "", silentLogger),
      prefix: `backdrop-test-${randomUUID().slice(0, 8)}`,
    };
    const driver = createBullmqDriver(settings);
    // All handed over before any worker takes one, so the order is Redis's alone.
    await handOverAll(driver);
    let finished = () => {};
    const allDone = new Promise<void>((resolve) => (finished = resolve));
    const { runner, started } = recordingRunner(() => {
      if (started.length === FAIR_ORDER.length) finished();
      return undefined;
    });
    const worker = startBullmqWorker({
      settings,
      runner,
      driver,
      concurrency: 1,
      sweepIntervalMs: 60_000,
      logger: silentLogger,
    });
    await allDone;
    await worker.close();
    await driver.close();
    expect(started).toEqual(FAIR_ORDER);
  });
});
