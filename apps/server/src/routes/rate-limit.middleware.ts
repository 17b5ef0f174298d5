import { SUPPORT_MESSAGES } from "@backdrop/shared";
import type { MiddlewareHandler } from "hono";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import { clientIp } from "./client-ip.ts";

export type RateLimitOptions = {
  limiter: RateLimiter;
  bucket: string;
  /** TRUST_PROXY: how many proxies of ours stand in front (see clientIp). */
  trustProxy: number;
};

/** Each bucket counts separately per client address. */
export function rateLimit({ limiter, bucket, trustProxy }: RateLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    const decision = await limiter.hit(`${bucket}:${clientIp(c, trustProxy)}`);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json({ error: SUPPORT_MESSAGES.tooManyRequests }, 429);
    }
    await next();
  };
}
