import type { MiddlewareHandler } from "hono";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import type { SignedInEnv } from "./session.middleware.ts";

export type UserRateLimitOptions = {
  limiter: RateLimiter;
  bucket: string;
  /** The 429's message, worded for the call it limits. */
  message: string;
};

/**
 * Counts the signed-in user's calls (so goes after `requireUser`), whatever address they come
 * from: each bucket separately per user id. Past the limit it answers 429 with Retry-After.
 */
export function userRateLimit({
  limiter,
  bucket,
  message,
}: UserRateLimitOptions): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const decision = await limiter.hit(`${bucket}:${c.var.user.id}`);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json({ error: message }, 429);
    }
    await next();
  };
}
