import {
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  firstIssueMessage,
  MESSAGES,
  ZSaveUserRequest,
} from "@backdrop/shared";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Container } from "../container.ts";
import { AccountForbiddenError } from "../services/accounts.service.ts";
import { readJsonObject } from "./json-body.ts";
import { rateLimit } from "./rate-limit.middleware.ts";
import { requireUser, type SignedInEnv } from "./session.middleware.ts";

const forbidden = { error: AUTH_MESSAGES.forbidden };

/** A refusal when the `uid` query names anyone but the signed-in user. */
function refuseOtherUid(c: Context<SignedInEnv>): Response | null {
  const uid = c.req.query("uid")?.trim();
  if (!uid) return c.json({ error: AUTH_MESSAGES.uidRequired }, 400);
  if (uid !== c.var.user.id) return c.json(forbidden, 403);
  return null;
}

/** SPEC point 7's /api/auth/* endpoints: the product's side of a user account. */
export function accountsRoutes({ env, identity, authRateLimiter, services }: Container) {
  const signedIn = requireUser(identity);
  const { accounts } = services;

  return new Hono<SignedInEnv>()
    .use("*", async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/get-user-by-uid", signedIn, async (c) => {
      const refusal = refuseOtherUid(c);
      if (refusal) return refusal;
      return c.json(await accounts.getCurrentUser(c.var.user));
    })
    .get("/get-user-tokens", signedIn, async (c) => {
      const refusal = refuseOtherUid(c);
      if (refusal) return refusal;
      return c.json(await accounts.getTokens(c.var.user));
    })
    .post(
      "/save-user",
      bodyLimit({
        maxSize: 16 * 1024,
        onError: (c) => c.json({ error: "Request body is too large" }, 413),
      }),
      signedIn,
      async (c) => {
        const parsed = ZSaveUserRequest.safeParse(await readJsonObject(c));
        if (!parsed.success) return c.json({ error: firstIssueMessage(parsed.error) }, 400);
        const { user } = c.var;
        // Identity comes from the session; the body may only repeat it.
        if (parsed.data.uid !== user.id) return c.json(forbidden, 403);
        if (parsed.data.email.toLowerCase() !== user.email.toLowerCase()) {
          return c.json(forbidden, 403);
        }
        try {
          return c.json(await accounts.saveUser(user, parsed.data));
        } catch (error) {
          if (error instanceof AccountForbiddenError) return c.json(forbidden, 403);
          throw error;
        }
      },
    )
    .get(
      "/get-user-by-email",
      rateLimit({ limiter: authRateLimiter, bucket: "user-by-email", trustProxy: env.trustProxy }),
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
