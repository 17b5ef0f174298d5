import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@backdrop/shared";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError, isAPIError } from "better-auth/api";
import { bearer, genericOAuth } from "better-auth/plugins";
import type { Env } from "../config/index.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { RateLimits } from "../lib/rate-limits.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import type { DatabaseHandle } from "../repositories/database.ts";
import type { IdentityRepository } from "../repositories/identity.repository.ts";
import type { AccountsService } from "../services/accounts.service.ts";
import { type Identity, type OwnerConfirmation, RECENT_SIGN_IN_MS } from "./identity.ts";
import { resetPasswordMail, verificationMail } from "./identity-mails.ts";
import { identityPolicy } from "./identity-policy.ts";
import { ownSessionsOnly } from "./own-sessions.ts";
import { assertProfileFields } from "./profile-fields.ts";
import { createRateLimitStorage } from "./rate-limit-storage.ts";
import { createSessionCache, type FoundSession, type SessionCache } from "./session-cache.ts";

export const IDENTITY_BASE_PATH = "/api/identity";
/** Carries the client address we determined; a value sent by the client is dropped. */
export const CLIENT_IP_HEADER = "x-backdrop-client-ip";
/** Where the verification link lands (SPEC point 2: /login is the e-mails' return target). */
export const VERIFIED_RETURN_PATH = "/login";
/** A link that worked lands here, and the login page says the address is verified. */
export const VERIFIED_LANDING = `${VERIFIED_RETURN_PATH}?verified=1`;
/** The web page where a reset link lets the user choose a new password. */
export const RESET_PASSWORD_PATH = "/reset-password";
const LINK_LIFETIME_SECONDS = 3600;
/** How long a session's lookup answers reads in this process (docs/decisions.md, "A fast poll"). */
export const SESSION_CACHE_TTL_MS = 10_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** Endpoints that guess passwords or send mail: limited per client by AUTH_RATE_LIMIT. */
export const RATE_LIMITED_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/send-verification-email",
  "/request-password-reset",
] as const;

export type IdentityDeps = {
  env: Env;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  /** Where sign-in attempts are counted (AUTH_RATE_LIMIT): in Redis when servers share one. */
  rateLimits: RateLimits;
  secret: string;
  accounts: AccountsService;
  users: IdentityRepository;
};

/** The link better-auth built, returning to our page whatever the client asked for. */
function withCallback(url: string, path: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", path);
  return link.toString();
}

function googlePlugin(google: NonNullable<Env["google"]>) {
  return genericOAuth({
    config: [
      {
        providerId: "google",
        name: "Google",
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: google.discoveryUrl,
        scopes: ["openid", "email", "profile"],
        pkce: true,
        prompt: "select_account",
      },
    ],
  });
}

export const MAIL_FAILED_CODE = "EMAIL_DELIVERY_FAILED";

/**
 * `sessions` is told of every session better-auth ends and every user it changes or deletes,
 * whichever endpoint (or future caller of its adapter) does it.
 */
export function buildAuthOptions(
  deps: IdentityDeps,
  sessions: Pick<SessionCache, "forgetSession" | "forgetUser">,
): BetterAuthOptions {
  const { env, mailer, logger } = deps;
  const authLimit = { window: env.authRateLimit.windowMs / 1000, max: env.authRateLimit.limit };

  /**
   * A failed delivery becomes a clean 502 where better-auth lets it through (resending the
   * verification mail). On sign-up and reset requests better-auth swallows it and answers 200,
   * so an account's existence is not revealed; the log line is then the only trace.
   */
  async function deliver(mail: MailMessage): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (error) {
      logger.error("Identity mail could not be delivered", { subject: mail.subject, error });
      throw APIError.from("BAD_GATEWAY", {
        code: MAIL_FAILED_CODE,
        message: AUTH_MESSAGES.mailFailed,
      });
    }
  }

  /** Mails the user the link better-auth built, made to return to our page at `path`. */
  function mailLink(compose: typeof verificationMail, path: string) {
    return ({ user, url }: { user: { email: string; name: string }; url: string }) =>
      deliver(compose({ to: user.email, name: user.name, url: withCallback(url, path) }));
  }

  return {
    appName: "Backdrop",
    baseURL: env.appUrl,
    basePath: IDENTITY_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: [env.appOrigin, ...env.trustedOrigins],
    database: { db: deps.database.db, type: deps.database.dialect, transaction: true },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...details) => {
        const fields =
          details.length > 0 ? { details: details.length === 1 ? details[0] : details } : undefined;
        if (level === "error") logger.error(`Identity: ${message}`, fields);
        else if (level === "warn") logger.warn(`Identity: ${message}`, fields);
        else logger.info(`Identity: ${message}`, fields);
      },
    },
    onAPIError: {
      // OAuth failures without an errorCallbackURL land on the login page, not better-auth's.
      errorURL: `${env.appUrl}${VERIFIED_RETURN_PATH}`,
      // APIErrors are deliberate answers (and logged where they arise); the rest are faults.
      onError: (error) => {
        if (!isAPIError(error)) logger.error("Identity request failed", { error });
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: mailLink(resetPasswordMail, RESET_PASSWORD_PATH),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: LINK_LIFETIME_SECONDS,
      sendVerificationEmail: mailLink(verificationMail, VERIFIED_LANDING),
    },
    rateLimit: {
      // better-auth enables it only in production by default; we want it everywhere.
      enabled: true,
      window: 60,
      max: 300,
      customRules: Object.fromEntries(RATE_LIMITED_PATHS.map((path) => [path, authLimit])),
      customStorage: createRateLimitStorage(deps.rateLimits),
    },
    advanced: {
      cookiePrefix: "backdrop",
      useSecureCookies: env.nodeEnv === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: { delete: { after: async (session) => sessions.forgetSession(session.token) } },
      user: {
        // Whoever writes the user row (sign-up, update-user, a Google sign-in), the display
        // name and picture stay in bounds: refused with a 400, never cut (returning false
        // would make update-user answer success without saving).
        create: { before: async (user) => assertProfileFields(user) },
        update: {
          before: async (user) => assertProfileFields(user),
          after: async (user) => sessions.forgetUser(user.id),
        },
        delete: { after: async (user) => sessions.forgetUser(user.id) },
      },
      account: {
        create: {
          // The account says how the user signs in ("credential" or "google"); the user
          // row alone does not. A failure here is repaired when the profile is first read.
          after: async (account) => {
            await deps.accounts.ensureProfile(account.userId, account.providerId).catch((error) =>
              logger.error("Could not create the user's profile", {
                userId: account.userId,
                error,
              }),
            );
          },
        },
      },
    },
    hooks: { before: identityPolicy(deps.users) },
    plugins: [bearer(), ownSessionsOnly(), ...(env.google ? [googlePlugin(env.google)] : [])],
  };
}

export function createIdentity(deps: IdentityDeps): Identity {
  const sessions = createSessionCache({
    clock: deps.clock,
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  const options = buildAuthOptions(deps, sessions);
  const auth = betterAuth(options);
  const findSession = (headers: Headers) => async (): Promise<FoundSession | null> => {
    const found = await auth.api.getSession({ headers });
    if (!found) return null;
    const { id, email, name, emailVerified } = found.user;
    return {
      user: { id, email, name, emailVerified: Boolean(emailVerified) },
      token: found.session.token,
      expiresAt: new Date(found.session.expiresAt).getTime(),
    };
  };
  async function confirmOwner(
    headers: Headers,
    password: string | undefined,
  ): Promise<OwnerConfirmation> {
    const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!found) return "signed-out";
    const hasPassword = (await deps.users.listProviderIds(found.user.id)).includes("credential");
    if (password) {
      if (!hasPassword) return "wrong-password";
      try {
        await auth.api.verifyPassword({ headers, body: { password } });
        return "confirmed";
      } catch (error) {
        if (isAPIError(error)) return "wrong-password";
        throw error;
      }
    }
    if (hasPassword) return "password-required";
    // better-auth stamps sessions with the system's time, so the age is read against it.
    const age = Date.now() - new Date(found.session.createdAt).getTime();
    return age >= 0 && age <= RECENT_SIGN_IN_MS ? "confirmed" : "recent-sign-in-required";
  }

  return {
    googleSignIn: deps.env.google !== null,
    confirmOwner,
    forgetUser: (userId) => sessions.forgetUser(userId),
    options,
    async handle(request, clientIp) {
      const headers = new Headers(request.headers);
      headers.delete(CLIENT_IP_HEADER);
      if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
      return auth.handler(new Request(request, { headers }));
    },
    async sessionUser(headers) {
      return (await sessions.fresh(headers, findSession(headers)))?.user ?? null;
    },
    async recentSessionUser(headers) {
      return (await sessions.recent(headers, findSession(headers)))?.user ?? null;
    },
  };
}
