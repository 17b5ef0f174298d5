import { AUTH_MESSAGES } from "@backdrop/shared";
import type { MiddlewareHandler } from "hono";
import type { Identity } from "../identity/identity.ts";
import type { SessionUser } from "../services/session-user.ts";

export type SignedInEnv = { Variables: { user: SessionUser } };

/** The session's user, when there is one and its e-mail is verified (SPEC point 4). */
export async function verifiedUser(
  identity: Identity,
  headers: Headers,
): Promise<SessionUser | null> {
  const user = await identity.sessionUser(headers);
  return user?.emailVerified ? user : null;
}

/** Lets through requests with a verified user's session cookie or bearer token; 401 otherwise. */
export function requireUser(identity: Identity): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const user = await verifiedUser(identity, c.req.raw.headers);
    if (!user) return c.json({ error: AUTH_MESSAGES.unauthorized }, 401);
    c.set("user", user);
    await next();
  };
}
