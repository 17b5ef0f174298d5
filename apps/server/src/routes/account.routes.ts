import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  SUPPORT_MESSAGES,
  type TDeleteAccountResponse,
  ZDeleteAccountRequest,
} from "@backdrop/shared";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { Identity, OwnerConfirmation } from "../identity/identity.ts";
import { AppError, type RefusalStatus } from "../lib/app-error.ts";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import type { AccountDeletionService } from "../services/account-deletion.service.ts";
import type { AccountExportService } from "../services/account-export.service.ts";
import { type Downloads, zipDownload } from "./download-response.ts";
import { failsWith } from "./errors.ts";
import { parseJson } from "./json-body.ts";
import { requireUser, type SignedInEnv } from "./session.middleware.ts";
import { userRateLimit } from "./user-rate-limit.middleware.ts";

/** What each refusal of the owner's confirmation answers. */
const REFUSALS: Record<Exclude<OwnerConfirmation, "confirmed">, [RefusalStatus, string]> = {
  "signed-out": [401, AUTH_MESSAGES.unauthorized],
  "password-required": [400, ACCOUNT_MESSAGES.passwordRequired],
  "wrong-password": [403, ACCOUNT_MESSAGES.wrongPassword],
  "recent-sign-in-required": [403, ACCOUNT_MESSAGES.recentSignInRequired],
};

/** better-auth's cookies (`backdrop.*`, `__Secure-backdrop.*` in production), expired. */
function expireIdentityCookies(c: Context): void {
  for (const name of Object.keys(getCookie(c))) {
    if (!/^(__Secure-)?backdrop\./.test(name)) continue;
    const secure = name.startsWith("__Secure-") ? "; Secure" : "";
    c.header("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`, {
      append: true,
    });
  }
}

export type AccountRoutesDeps = {
  identity: Identity;
  exports: AccountExportService;
  deletion: AccountDeletionService;
  /** Counts confirmations per user, so a stolen session cannot guess the password. */
  confirmRateLimiter: RateLimiter;
  /** The export is a download like any other: it takes one of the user's slots. */
  downloads: Downloads;
};

/** The seller's data rights (issue 26): GET /api/account/export and DELETE /api/account. */
export function accountRoutes({
  identity,
  exports,
  deletion,
  confirmRateLimiter,
  downloads,
}: AccountRoutesDeps) {
  const signedIn = requireUser(identity);
  return new Hono<SignedInEnv>()
    .use("*", async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
    })
    .get("/export", failsWith(ACCOUNT_MESSAGES.exportFailed), signedIn, (c) =>
      zipDownload(c, downloads, c.var.user.id, () => exports.exportAccount(c.var.user)),
    )
    .delete(
      "/",
      failsWith(ACCOUNT_MESSAGES.deleteFailed),
      signedIn,
      userRateLimit({
        limiter: confirmRateLimiter,
        bucket: "delete-account",
        message: SUPPORT_MESSAGES.tooManyRequests,
      }),
      async (c) => {
        const { password } = await parseJson(c, ZDeleteAccountRequest);
        const confirmation = await identity.confirmOwner(c.req.raw.headers, password);
        if (confirmation !== "confirmed") {
          const [status, message] = REFUSALS[confirmation];
          throw new AppError(status, message);
        }
        await deletion.deleteAccount(c.var.user);
        expireIdentityCookies(c);
        return c.json({ ok: true } satisfies TDeleteAccountResponse);
      },
    );
}
