import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limiter.ts";

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("rate limiter", () => {
  it("allows the limit within a window, then refuses with the time left", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock });
    expect(limiter.hit("a")).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.hit("a")).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.hit("a")).toEqual({ allowed: true, remaining: 0 });
    clock.advance(15_500);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });

  it("opens a new window once the previous one has passed", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, clock });
    expect(limiter.hit("a").allowed).toBe(true);
    clock.advance(59_999);
    expect(limiter.hit("a").allowed).toBe(false);
    clock.advance(1);
    expect(limiter.hit("a").allowed).toBe(true);
  });

  it("counts each key on its own", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, clock: fakeClock() });
    expect(limiter.hit("contact:1.1.1.1").allowed).toBe(true);
    expect(limiter.hit("contact:1.1.1.1").allowed).toBe(false);
    expect(limiter.hit("contact:2.2.2.2").allowed).toBe(true);
    expect(limiter.hit("report:1.1.1.1").allowed).toBe(true);
  });

  it("never reports less than one second to wait", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, clock });
    limiter.hit("a");
    clock.advance(999);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("forgets expired windows", () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 5, windowMs: 10_000, clock });
    for (let i = 0; i < 50; i++) limiter.hit(`client-${i}`);
    expect(limiter.size()).toBe(50);
    clock.advance(10_000);
    limiter.hit("late");
    expect(limiter.size()).toBe(1);
  });

  it("keeps at most maxKeys entries, dropping the oldest first", () => {
    const limiter = createRateLimiter({
      limit: 1,
      windowMs: 60_000,
      clock: fakeClock(),
      maxKeys: 3,
    });
    for (const key of ["a", "b", "c", "d"]) limiter.hit(key);
    expect(limiter.size()).toBe(3);
    // "a" was evicted, so it starts afresh; "d" is still counted.
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("d").allowed).toBe(false);
  });
});
