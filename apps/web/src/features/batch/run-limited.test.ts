import { describe, expect, it } from "vitest";
import { runLimited } from "./run-limited.ts";

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe("runLimited", () => {
  it("runs at most `limit` tasks at once, the next in line as one ends, failures included", async () => {
    const run = runLimited(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      run(async () => {
        started.push(index);
        await gate.promise;
        if (index === 0) throw new Error("first failed");
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);

    gates[0]?.resolve();
    await expect(results[0]).rejects.toThrow("first failed");
    await settle();
    expect(started).toEqual([0, 1, 2]);

    gates[2]?.resolve();
    await expect(results[2]).resolves.toBe(2);
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
  });
});
