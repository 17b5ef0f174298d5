import type { BetterAuthRateLimitOptions } from "better-auth";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import type { RateLimits } from "../lib/rate-limits.ts";

type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions["customStorage"]>;

/**
 * better-auth's counters kept in our own limiters, one per rule: in Redis when the servers
 * share one, so N servers enforce one limit. Its built-in memory store is a module-wide map,
 * so two app instances in one process (tests) would share counts.
 */
export function createRateLimitStorage(limits: RateLimits): RateLimitStorage {
  const limiters = new Map<string, RateLimiter>();
  return {
    async consume(key, rule) {
      const ruleKey = `${rule.max}/${rule.window}`;
      let limiter = limiters.get(ruleKey);
      if (!limiter) {
        limiter = limits.limiter(`auth:${ruleKey}`, {
          limit: rule.max,
          windowMs: rule.window * 1000,
        });
        limiters.set(ruleKey, limiter);
      }
      const decision = await limiter.hit(key);
      return decision.allowed
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: decision.retryAfterSeconds };
    },
  };
}
