import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Logger } from "./logger.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { isReady } from "./redis-connection.ts";

/** A connection still making its first attempt may take this long before the fallback counts. */
const FIRST_CONNECT_GRACE_MS = 1_000;

export type RedisRateLimiterOptions = {
  connection: Redis;
  /** Keeps one limit's counters apart from every other's (and from other deployments'). */
  keyPrefix: string;
  limit: number;
  windowMs: number;
  /** Counts in this process while Redis cannot: a limit is never simply dropped. */
  fallback: RateLimiter;
  logger: Logger;
};

/**
 * A fixed-window counter held in Redis, so every server process counts against one limit.
 * While Redis is away, requests are counted by the in-memory fallback instead.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const { fallback, logger } = options;
  const counter = new RateLimiterRedis({
    storeClient: options.connection,
    keyPrefix: options.keyPrefix,
    points: options.limit,
    duration: Math.max(1, Math.ceil(options.windowMs / 1000)),
  });
  let degraded = false;
  return {
    async hit(key) {
      try {
        // A request must not wait on a reconnecting Redis: the fallback answers at once.
        if (!(await isReady(options.connection, FIRST_CONNECT_GRACE_MS))) {
          throw new Error("Redis is not connected");
        }
        const counted = await counter.consume(key);
        degraded = false;
        return { allowed: true, remaining: counted.remainingPoints };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          const retryAfterSeconds = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
          return { allowed: false, retryAfterSeconds };
        }
        if (!degraded) {
          degraded = true;
          logger.warn("Rate limit counted in this process: Redis did not answer", {
            limit: options.keyPrefix,
            error: outcome,
          });
        }
        return fallback.hit(key);
      }
    },
  };
}
