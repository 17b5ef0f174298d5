import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter.ts";

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("rate limiter", () => {
  it("allows the limit within a window, then refuses with the time left", async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock });
    expect(await limiter.hit("a")).toEqual({ allowed: true, remaining: 2 });
    expect(await limiter.hit("a")).toEqual({ allowed: true, remaining: 1 });
    expect(await limiter.hit("a")).toEqual({ allowed: true, remaining: 0 });
    clock.advance(15_500);
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });

  it("opens a new window once the previous one has passed", async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, clock });
    expect((await limiter.hit("a")).allowed).toBe(true);
    clock.advance(59_999);
    expect((await limiter.hit("a")).allowed).toBe(false);
    clock.advance(1);
    expect((await limiter.hit("a")).allowed).toBe(true);
  });

  it("counts each key on its own", async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, clock: fakeClock() });
    expect((await limiter.hit("contact:1.1.1.1")).allowed).toBe(true);
    expect((await limiter.hit("contact:1.1.1.1")).allowed).toBe(false);
    expect((await limiter.hit("contact:2.2.2.2")).allowed).toBe(true);
    expect((await limiter.hit("report:1.1.1.1")).allowed).toBe(true);
  });

  it("never reports less than one second to wait", async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, clock });
    await limiter.hit("a");
    clock.advance(999);
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("forgets expired windows", async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 5, windowMs: 10_000, clock });
    for (let i = 0; i < 50; i++) await limiter.hit(`client-${i}`);
    expect(limiter.size()).toBe(50);
    clock.advance(10_000);
    await limiter.hit("late");
    expect(limiter.size()).toBe(1);
  });

  it("keeps at most maxKeys entries, dropping the oldest first", async () => {
    const limiter = createRateLimiter({
      limit: 1,
      windowMs: 60_000,
      clock: fakeClock(),
      maxKeys: 3,
    });
    for (const key of ["a", "b", "c", "d"]) await limiter.hit(key);
    expect(limiter.size()).toBe(3);
    // "a" was evicted, so it starts afresh; "d" is still counted.
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("d")).allowed).toBe(false);
  });
});
