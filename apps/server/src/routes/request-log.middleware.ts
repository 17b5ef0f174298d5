import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { withLogContext } from "../lib/log-context.ts";
import type { Logger } from "../lib/logger.ts";

/** Reads worth a line at `info`: everything else but a successful read (polls, files, pages). */
function worthInfo(method: string, status: number): boolean {
  return (method !== "GET" && method !== "HEAD") || status >= 400;
}

/**
 * Gives every request an id (the proxy's X-Request-Id when it sends a sane one, answered back
 * in the same header), stamps it on every line logged while the request runs, and logs one
 * line when it ends.
 */
export function requestLog(logger: Logger): MiddlewareHandler[] {
  const stamp: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await withLogContext({ requestId: c.get("requestId") }, async () => {
      await next();
      const { method } = c.req;
      const { status } = c.res;
      const fields = {
        method,
        path: c.req.path,
        status,
        ms: Math.round(performance.now() - started),
      };
      if (worthInfo(method, status)) logger.info("Request", fields);
      else logger.debug("Request", fields);
    });
  };
  return [requestId(), stamp];
}
