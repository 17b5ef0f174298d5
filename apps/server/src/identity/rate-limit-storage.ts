import type { BetterAuthRateLimitOptions } from "better-auth";
import type { Clock } from "../lib/clock.ts";
import { createRateLimiter, type RateLimiter } from "../lib/rate-limiter.ts";

type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions["customStorage"]>;

/**
 * better-auth's counters kept in our own limiter, one per rule. Its built-in memory store is
 * a module-wide map, so two app instances in one process (tests) would share counts.
 */
export function createRateLimitStorage(clock: Clock): RateLimitStorage {
  const limiters = new Map<string, RateLimiter>();
  return {
    async consume(key, rule) {
      const ruleKey = `${rule.max}/${rule.window}`;
      let limiter = limiters.get(ruleKey);
      if (!limiter) {
        limiter = createRateLimiter({ limit: rule.max, windowMs: rule.window * 1000, clock });
        limiters.set(ruleKey, limiter);
      }
      const decision = limiter.hit(key);
      return decision.allowed
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: decision.retryAfterSeconds };
    },
  };
}
