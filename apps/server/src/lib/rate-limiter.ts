import type { Clock } from "./clock.ts";

export type RateLimitDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string): Promise<RateLimitDecision>;
};

export type MemoryRateLimiter = RateLimiter & {
  /** How many keys are currently tracked (for tests and diagnostics). */
  size(): number;
};

export type RateLimiterOptions = {
  limit: number;
  windowMs: number;
  clock: Clock;
  /** Hard cap on tracked keys; past it the oldest windows are forgotten first. */
  maxKeys?: number;
};

type Window = { startedAt: number; count: number };

/**
 * Fixed-window counter kept in memory. Expired windows are swept at most once per window
 * length, and the map never holds more than `maxKeys` entries, so memory stays bounded
 * whatever the number of distinct clients.
 */
export function createRateLimiter({
  limit,
  windowMs,
  clock,
  maxKeys = 10_000,
}: RateLimiterOptions): MemoryRateLimiter {
  const windows = new Map<string, Window>();
  let lastSweep = clock.now();

  function sweep(now: number): void {
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key);
    }
    lastSweep = now;
  }

  function evictOldest(): void {
    // Maps iterate in insertion order and a key is re-inserted when its window restarts.
    const oldest = windows.keys().next();
    if (!oldest.done) windows.delete(oldest.value);
  }

  function hitNow(key: string): RateLimitDecision {
    const now = clock.now();
    if (now - lastSweep >= windowMs) sweep(now);

    let window = windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      windows.delete(key);
      if (windows.size >= maxKeys) sweep(now);
      while (windows.size >= maxKeys) evictOldest();
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
    }

    if (window.count >= limit) {
      const retryAfterMs = window.startedAt + windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    window.count += 1;
    return { allowed: true, remaining: limit - window.count };
  }

  return { hit: async (key) => hitNow(key), size: () => windows.size };
}
