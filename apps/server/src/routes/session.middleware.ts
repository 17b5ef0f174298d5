import { AUTH_MESSAGES } from "@backdrop/shared";
import type { MiddlewareHandler } from "hono";
import type { Identity } from "../identity/identity.ts";
import type { SessionUser } from "../services/session-user.ts";

export type SignedInEnv = { Variables: { user: SessionUser } };

/**
 * How a route checks the session: "fresh" asks the database; "recent" may reuse this process's
 * answer of the last seconds, for hot reads only (the poll, the gallery, files). It applies to
 * GET and HEAD alone: anything else on such a route is checked fresh.
 */
export type SessionLookup = "fresh" | "recent";

const READS = new Set(["GET", "HEAD"]);

/** The session's user, when there is one and its e-mail is verified (SPEC point 4). */
export async function verifiedUser(
  identity: Identity,
  headers: Headers,
  lookup: SessionLookup = "fresh",
): Promise<SessionUser | null> {
  const user =
    lookup === "recent"
      ? await identity.recentSessionUser(headers)
      : await identity.sessionUser(headers);
  return user?.emailVerified ? user : null;
}

/** Lets through requests with a verified user's session cookie or bearer token; 401 otherwise. */
export function requireUser(
  identity: Identity,
  lookup: SessionLookup = "fresh",
): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const checked = lookup === "recent" && READS.has(c.req.method) ? "recent" : "fresh";
    const user = await verifiedUser(identity, c.req.raw.headers, checked);
    if (!user) return c.json({ error: AUTH_MESSAGES.unauthorized }, 401);
    c.set("user", user);
    await next();
  };
}
