import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";

const REVOKE_SESSION_PATH = "/revoke-session";

/** What `POST /api/identity/revoke-session` answers (404) when it revoked nothing. */
export const NO_SUCH_SESSION = {
  code: "SESSION_NOT_FOUND",
  message: "No session of yours has that token",
} as const;

/**
 * Whose session each revoke-session request named, noted before better-auth runs it (null: no
 * session has that token), keyed by the request's context object, which better-auth hands to
 * both the before and the after hooks of one call.
 */
const namedOwners = new WeakMap<object, string | null>();

/**
 * better-auth's revoke-session deletes the session only when it belongs to the caller, but
 * answers `{ status: true }` either way, so a client cannot tell that a token of someone else's
 * (or one that no longer exists) was left alone. This plugin makes that case a 404 with
 * NO_SUCH_SESSION; revoking one's own session answers as before. A caller without a session
 * still gets better-auth's 401 first, so nobody learns whether a token exists.
 */
export function ownSessionsOnly(): BetterAuthPlugin {
  const matcher = (ctx: { path?: string }) => ctx.path === REVOKE_SESSION_PATH;
  return {
    id: "backdrop-own-sessions",
    hooks: {
      before: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const token: unknown = (ctx.body as { token?: unknown } | undefined)?.token;
            // A body without a token is left to better-auth's validation (400).
            if (typeof token !== "string") return;
            const found = await ctx.context.internalAdapter.findSession(token);
            namedOwners.set(ctx.context, found?.session.userId ?? null);
          }),
        },
      ],
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            if (!namedOwners.has(ctx.context)) return;
            const owner = namedOwners.get(ctx.context);
            namedOwners.delete(ctx.context);
            // better-auth refused the call itself (401 without a session): keep its answer.
            if (isAPIError(ctx.context.returned)) return;
            const caller = ctx.context.session?.user.id;
            if (!caller || owner !== caller) throw APIError.from("NOT_FOUND", NO_SUCH_SESSION);
          }),
        },
      ],
    },
  };
}
