import { describe, expect, it } from "vitest";
import { FAIR_ORDER, handOverAll, recordingRunner } from "../../test/helpers/fair-order.ts";
import { silentLogger } from "../lib/logger.ts";
import { createInlineDriver } from "./inline.driver.ts";

describe("the inline job driver", () => {
  it("runs each user's first waiting job before anyone's next, and background jobs last", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { runner, started } = recordingRunner((jobId) => (jobId === "first" ? held : undefined));
    const driver = createInlineDriver({
      runner,
      concurrency: 1,
      sweepIntervalMs: 60_000,
      logger: silentLogger,
    });
    driver.start();
    await driver.dispatch("first");
    await handOverAll(driver);
    release();
    while (started.length < FAIR_ORDER.length + 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(started).toEqual(["first", ...FAIR_ORDER]);
    await driver.close();
  });
});
