import type { BetterAuthOptions } from "better-auth";
import type { SessionUser } from "../services/session-user.ts";

/** The identity service as the rest of the server uses it. */
export type Identity = {
  /** Whether Google sign-in is configured (the web shows its buttons only then). */
  googleSignIn: boolean;
  /** better-auth's configuration, for checks of the database schema against it. */
  options: BetterAuthOptions;
  /** Answers a request under /api/identity; `clientIp` keys its rate limits. */
  handle(request: Request, clientIp: string | null): Promise<Response>;
  /** The user of a session cookie or `Authorization: Bearer` token, or null; asks the database. */
  sessionUser(headers: Headers): Promise<SessionUser | null>;
  /**
   * The same, answered from memory when these credentials were looked up in this process less
   * than SESSION_CACHE_TTL_MS ago. For reads only: a session ended by another process still
   * passes here until then (docs/decisions.md, "A fast poll").
   */
  recentSessionUser(headers: Headers): Promise<SessionUser | null>;
};
