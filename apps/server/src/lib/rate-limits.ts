import type { Redis } from "ioredis";
import type { Clock } from "./clock.ts";
import type { Logger } from "./logger.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limiter.ts";
import { createRedisRateLimiter } from "./redis-rate-limiter.ts";

export type RateLimit = { limit: number; windowMs: number };

/** Makes each named limit: in Redis when there is one (shared by every server), else in memory. */
export type RateLimits = {
  limiter(name: string, rule: RateLimit): RateLimiter;
  /** Where the counters live, for the start-up line. */
  store: "redis" | "memory";
};

export function createRateLimits(deps: {
  clock: Clock;
  logger: Logger;
  redis?: { connection: Redis; prefix: string };
}): RateLimits {
  const { clock, logger, redis } = deps;
  return {
    store: redis ? "redis" : "memory",
    limiter(name, rule) {
      const memory = createRateLimiter({ ...rule, clock });
      if (!redis) return memory;
      return createRedisRateLimiter({
        connection: redis.connection,
        keyPrefix: `${redis.prefix}:rate:${name}`,
        ...rule,
        fallback: memory,
        logger,
      });
    },
  };
}
