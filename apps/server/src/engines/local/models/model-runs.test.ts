import { describe, expect, it } from "vitest";
import { queueModelRun } from "./model-runs.ts";

describe("the model-run queue", () => {
  it("runs one at a time, a job's runs before background runs that wait, each kind in order", async () => {
    const order: string[] = [];
    let release = () => {};
    const blocker = queueModelRun(
      "isnet",
      () =>
        new Promise<void>((resolve) => {
          order.push("running");
          release = resolve;
        }),
    );
    const queued = [
      queueModelRun("isnet", async () => void order.push("upload 1"), "background"),
      queueModelRun("isnet", async () => void order.push("upload 2"), "background"),
      queueModelRun("isnet", async () => void order.push("job 1"), "job"),
      queueModelRun("esrgan", async () => void order.push("job 2")),
    ];
    await Promise.resolve();
    release();
    await Promise.all([blocker, ...queued]);
    expect(order).toEqual(["running", "job 1", "job 2", "upload 1", "upload 2"]);
  });

  it("goes on after a run that failed", async () => {
    const failed = queueModelRun("isnet", async () => {
      throw new Error("model crashed");
    });
    await expect(failed).rejects.toThrow("model crashed");
    await expect(queueModelRun("isnet", async () => 42, "background")).resolves.toBe(42);
  });
});
