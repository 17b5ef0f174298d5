import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type ChunkSource,
  createDownloadSlots,
  pulledStream,
  readableSource,
} from "./download-stream.ts";

/** A source of `count` pieces that records how many were asked for and whether it was closed. */
function countedSource(count: number) {
  const seen = { asked: 0, closed: 0 };
  const source: ChunkSource = {
    async next() {
      if (seen.asked >= count) return null;
      seen.asked += 1;
      return new Uint8Array([seen.asked]);
    },
    close() {
      seen.closed += 1;
    },
  };
  return { source, seen };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("pulledStream", () => {
  it("asks its source for a piece only when one is read", async () => {
    const { source, seen } = countedSource(5);
    const end = vi.fn();
    const reader = pulledStream(source, { idleMs: 1_000, onEnd: end }).getReader();
    await Promise.resolve();
    expect(seen.asked).toBe(0);
    expect((await reader.read()).value).toEqual(new Uint8Array([1]));
    expect((await reader.read()).value).toEqual(new Uint8Array([2]));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // No read-ahead: two pieces read, two asked for.
    expect(seen.asked).toBe(2);
    await reader.cancel();
    expect(seen.closed).toBe(1);
    expect(end).toHaveBeenCalledOnce();
  });

  it("closes its source once, at the end", async () => {
    const { source, seen } = countedSource(2);
    const end = vi.fn();
    const reader = pulledStream(source, { idleMs: 1_000, onEnd: end }).getReader();
    while (!(await reader.read()).done) {
      // read to the end
    }
    expect(seen.closed).toBe(1);
    expect(end).toHaveBeenCalledOnce();
  });

  it("drops a reader that takes nothing for idleMs, through onIdle, and lets go of the source", async () => {
    vi.useFakeTimers();
    const { source, seen } = countedSource(5);
    const idle = vi.fn();
    const end = vi.fn();
    const reader = pulledStream(source, { idleMs: 30_000, onIdle: idle, onEnd: end }).getReader();
    await reader.read();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(idle).not.toHaveBeenCalled();
    // Reading again starts the wait over.
    await reader.read();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(idle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveBeenCalledOnce();
    expect(seen.closed).toBe(1);
    expect(end).toHaveBeenCalledOnce();
  });

  it("fails an idle reader's stream when nobody can close its connection", async () => {
    vi.useFakeTimers();
    const { source, seen } = countedSource(5);
    const reader = pulledStream(source, { idleMs: 100 }).getReader();
    const failed = reader.closed.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(100);
    expect(await failed).toBe("The download's client stopped reading");
    expect(seen.closed).toBe(1);
  });

  it("passes a failing source's error on and still closes it", async () => {
    const closed = vi.fn();
    const reader = pulledStream(
      { next: () => Promise.reject(new Error("disk gone")), close: closed },
      { idleMs: 1_000 },
    ).getReader();
    await expect(reader.read()).rejects.toThrow("disk gone");
    expect(closed).toHaveBeenCalledOnce();
  });
});

describe("readableSource", () => {
  it("hands a Node stream's pieces one by one and destroys it when closed", async () => {
    const stream = Readable.from([Buffer.from("a"), Buffer.from("b"), Buffer.from("c")]);
    const source = readableSource(stream);
    expect(Buffer.from((await source.next()) ?? []).toString()).toBe("a");
    source.close();
    expect(stream.destroyed).toBe(true);
  });
});

describe("createDownloadSlots", () => {
  it("gives each user a few slots, each given back once", () => {
    const slots = createDownloadSlots(2);
    const first = slots.take("ada");
    const second = slots.take("ada");
    expect(slots.take("ada")).toBeNull();
    expect(slots.take("bob")).not.toBeNull();
    first?.();
    first?.();
    expect(slots.size()).toBe(2);
    expect(slots.take("ada")).not.toBeNull();
    second?.();
    expect(slots.size()).toBe(2);
  });
});
