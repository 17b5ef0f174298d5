import { AUTH_MESSAGES, EMAIL_PATTERN, MESSAGES, ZSaveUserRequest } from "@backdrop/shared";
import { type Context, Hono } from "hono";
import type { Identity } from "../identity/identity.ts";
import { AppError } from "../lib/app-error.ts";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import type { AccountsService } from "../services/accounts.service.ts";
import { assertSelf, parseOwnJson } from "./json-body.ts";
import { rateLimit } from "./rate-limit.middleware.ts";
import { requireUser, type SignedInEnv } from "./session.middleware.ts";

/** Refuses unless the `uid` query names the signed-in user. */
function assertOwnUidQuery(c: Context<SignedInEnv>): void {
  const uid = c.req.query("uid")?.trim();
  if (!uid) throw new AppError(400, AUTH_MESSAGES.uidRequired);
  assertSelf(c, uid);
}

export type AccountsRoutesDeps = {
  accounts: AccountsService;
  identity: Identity;
  authRateLimiter: RateLimiter;
  trustProxy: number;
};

/** SPEC point 7's /api/auth/* endpoints: the product's side of a user account. */
export function accountsRoutes({
  accounts,
  identity,
  authRateLimiter,
  trustProxy,
}: AccountsRoutesDeps) {
  const signedIn = requireUser(identity);

  return new Hono<SignedInEnv>()
    .use("*", async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/get-user-by-uid", signedIn, async (c) => {
      assertOwnUidQuery(c);
      return c.json(await accounts.getCurrentUser(c.var.user));
    })
    .get("/get-user-tokens", signedIn, async (c) => {
      assertOwnUidQuery(c);
      return c.json(await accounts.getTokens(c.var.user));
    })
    .post("/save-user", signedIn, async (c) => {
      const body = await parseOwnJson(c, ZSaveUserRequest);
      // Identity comes from the session; the body may only repeat it.
      if (body.email.toLowerCase() !== c.var.user.email.toLowerCase()) {
        throw new AppError(403, AUTH_MESSAGES.forbidden);
      }
      return c.json(await accounts.saveUser(c.var.user, body));
    })
    .get(
      "/get-user-by-email",
      rateLimit({ limiter: authRateLimiter, bucket: "user-by-email", trustProxy }),
      async (c) => {
        const email = c.req.query("email")?.trim() ?? "";
        if (!email) return c.json({ error: MESSAGES.emailRequired }, 400);
        if (!EMAIL_PATTERN.test(email)) return c.json({ error: MESSAGES.invalidEmail }, 400);
        const provider = await accounts.providerForEmail(email);
        if (!provider) return c.json({ error: MESSAGES.userNotFound }, 404);
        return c.json({ provider });
      },
    );
}
