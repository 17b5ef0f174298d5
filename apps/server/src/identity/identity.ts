import type { BetterAuthOptions } from "better-auth";
import type { SessionUser } from "../services/session-user.ts";

/**
 * Whether the person asking is the account's owner, for an irreversible act (deleting the
 * account): "confirmed", or why not.
 */
export type OwnerConfirmation =
  | "confirmed"
  | "signed-out"
  | "password-required"
  | "wrong-password"
  | "recent-sign-in-required";

/** How recent a Google account's sign-in must be to confirm its owner. */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

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
  /**
   * An account with a password confirms with it; one without (Google) must have signed in
   * within RECENT_SIGN_IN_MS. Asks the database, never the session cache.
   */
  confirmOwner(headers: Headers, password: string | undefined): Promise<OwnerConfirmation>;
  /** Forgets this process's cached sessions of a user whose rows were deleted. */
  forgetUser(userId: string): void;
};
