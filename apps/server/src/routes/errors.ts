import type { ErrorHandler, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, StepFailure } from "../lib/app-error.ts";
import type { Logger } from "../lib/logger.ts";

/** What a call answers when something unexpected fails in it: the spec's wording for it. */
type Failure = { message: string; status: 500 | 502 };

declare module "hono" {
  interface ContextVariableMap {
    failure: Failure;
  }
}

/**
 * Names the answer for an unexpected failure in the handlers after it. A provider's outage
 * answers 502 (the payment calls); anything else of ours answers 500.
 */
export function failsWith(message: string, status: Failure["status"] = 500): MiddlewareHandler {
  return async (c, next) => {
    c.set("failure", { message, status });
    await next();
  };
}

/**
 * The app's one error handler: a refusal answers its own status and message; anything else
 * is logged and answers the call's failure wording (a failed step's own, for a StepFailure),
 * or a plain 500.
 */
export function answerErrors(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) return c.json({ error: error.message }, error.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || "Bad request" }, error.status);
    }
    logger.error("Unhandled error", { method: c.req.method, path: c.req.path, error });
    const failure = c.get("failure");
    const message = failure && error instanceof StepFailure ? error.wording : failure?.message;
    return c.json({ error: message ?? "Internal server error" }, failure?.status ?? 500);
  };
}
