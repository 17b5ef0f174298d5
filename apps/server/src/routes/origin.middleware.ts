import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from a foreign page. Browsers always
 * send Origin on such requests; clients without one (curl, server-to-server) are not
 * cross-site forgeries and pass.
 */
export function originGuard(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (!SAFE_METHODS.has(c.req.method) && origin !== undefined && !allowed.has(origin)) {
      return c.json({ error: "Forbidden origin" }, 403);
    }
    await next();
  };
}
