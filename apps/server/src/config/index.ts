import { join, resolve } from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "../lib/paths.ts";
import { AUTH_SECRET_MIN_LENGTH, googleSignIn, identityVariables } from "./identity.vars.ts";
import { falEndpointOverrides, imageEngine, jobSettings, jobVariables } from "./jobs.vars.ts";
import { mailVariables } from "./mail.vars.ts";
import { serverVariables } from "./server.vars.ts";
import { s3Config, storageVariables } from "./storage.vars.ts";
import { stripeConfig, stripeVariables } from "./stripe.vars.ts";
import type { Env } from "./types.ts";
import { EnvError } from "./variables.ts";

export { AUTH_SECRET_MIN_LENGTH } from "./identity.vars.ts";
export type * from "./types.ts";
export { EnvError } from "./variables.ts";

type Source = Record<string, string | undefined>;

const VITE_DEV_ORIGIN = "http://localhost:5173";
const MEGABYTE = 1_000_000;

/** Variables whose value must never be echoed in an error. */
const SECRET_VARIABLES = new Set([
  "BETTER_AUTH_SECRET",
  "GOOGLE_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "FAL_KEY",
  "S3_SECRET_ACCESS_KEY",
]);

/** Every variable the server reads, by concern; unset and empty both mean the default. */
const schema = z.object({
  ...serverVariables,
  ...mailVariables,
  ...identityVariables,
  ...jobVariables,
  ...stripeVariables,
  ...storageVariables,
});

/** The operator's Content Credentials key and certificate, given together or not at all. */
function contentSigningFiles(vars: z.output<typeof schema>): Env["contentSigning"] {
  const { C2PA_SIGNING_KEY: keyFile, C2PA_SIGNING_CERT: certFile } = vars;
  if (!keyFile && !certFile) return null;
  if (!keyFile || !certFile) {
    throw new EnvError(
      "Invalid configuration: set both C2PA_SIGNING_KEY and C2PA_SIGNING_CERT (PEM files), or neither to sign with a key made on the first start",
    );
  }
  return Object.freeze({
    keyFile: resolve(REPO_ROOT, keyFile),
    certFile: resolve(REPO_ROOT, certFile),
  });
}

/** Hides the password of a URL-like value before it is echoed in an error. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@");
}

/**
 * The configuration of a `server` (the API and web app) or a `worker` (`npm run worker`): a
 * worker runs jobs only, so it starts without the sign-in, mail and payment settings that
 * production requires of a server.
 */
export function loadEnv(source: Source = process.env, role: "server" | "worker" = "server"): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const raw = source[name];
    const got = raw === undefined || SECRET_VARIABLES.has(name) ? "" : ` (got "${redact(raw)}")`;
    throw new EnvError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${got}`);
  }
  const vars = parsed.data;
  const dataDir = resolve(REPO_ROOT, vars.DATA_DIR);
  const appUrl = (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, "");
  const trustedOrigins = [
    ...(vars.TRUSTED_ORIGINS ?? []),
    ...(vars.NODE_ENV === "development" ? [VITE_DEV_ORIGIN] : []),
  ];

  const google = googleSignIn(vars);
  const stripe = stripeConfig(vars);

  const env: Env = Object.freeze({
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL ?? null,
    sqliteFile: join(dataDir, "backdrop.db"),
    appUrl,
    appOrigin: new URL(appUrl).origin,
    smtpUrl: vars.SMTP_URL ?? null,
    mailTransport: vars.SMTP_URL ? "smtp" : "outbox",
    mailFrom: vars.MAIL_FROM,
    supportEmail: vars.SUPPORT_EMAIL,
    trustProxy: vars.TRUST_PROXY,
    devMailboxOpen: vars.DEV_MAILBOX === "open",
    allowSandbox: vars.ALLOW_SANDBOX,
    serveSourceMaps: vars.SERVE_SOURCE_MAPS ?? vars.NODE_ENV !== "production",
    logLevel: vars.LOG_LEVEL,
    trustedOrigins: Object.freeze([...new Set(trustedOrigins)]),
    supportRateLimit: Object.freeze(vars.SUPPORT_RATE_LIMIT),
    authSecret: vars.BETTER_AUTH_SECRET ?? null,
    google,
    authRateLimit: Object.freeze(vars.AUTH_RATE_LIMIT),
    uploadRateLimit: Object.freeze(vars.UPLOAD_RATE_LIMIT),
    storageQuota: Object.freeze({
      paidBytes: vars.STORAGE_QUOTA_MB * MEGABYTE,
      freeBytes: vars.FREE_STORAGE_QUOTA_MB * MEGABYTE,
    }),
    stripe,
    filesDir: resolve(REPO_ROOT, vars.FILES_DIR ?? join(vars.DATA_DIR, "files")),
    minFreeDiskBytes: vars.MIN_FREE_DISK_MB * MEGABYTE,
    contentSigning: contentSigningFiles(vars),
    s3: s3Config(vars),
    imageEngine: imageEngine(vars),
    falKey: vars.FAL_KEY ?? null,
    falEndpoints: falEndpointOverrides(vars),
    redisUrl: vars.REDIS_URL ?? null,
    jobs: jobSettings(vars),
  });
  if (role === "server") assertProductionReady(env);
  return env;
}

/** Development stand-ins still active in `env`, each named with the variable that replaces it. */
export function sandboxDefaults(env: Env): string[] {
  const defaults: string[] = [];
  if (env.mailTransport === "outbox") defaults.push("mail uses the outbox (set SMTP_URL)");
  if (!env.stripe) defaults.push("payments use the sandbox provider (set STRIPE_SECRET_KEY)");
  return defaults;
}

function assertProductionReady(env: Env): void {
  if (env.nodeEnv !== "production") return;
  // A generated secret lives on one machine's disk; production must bring its own.
  if (!env.authSecret) {
    throw new EnvError(
      `Refusing to start: NODE_ENV=production but BETTER_AUTH_SECRET is not set; set it to at least ${AUTH_SECRET_MIN_LENGTH} random characters (e.g. openssl rand -base64 32)`,
    );
  }
  if (env.allowSandbox) return;
  const defaults = sandboxDefaults(env);
  if (defaults.length === 0) return;
  throw new EnvError(
    `Refusing to start: NODE_ENV=production but ${defaults.join(", ")}; set ALLOW_SANDBOX=1 to run with development stand-ins anyway`,
  );
}

export function formatEnvError(error: unknown): string {
  if (error instanceof EnvError) return error.message;
  return `Invalid configuration: ${error instanceof Error ? error.message : String(error)}`;
}
