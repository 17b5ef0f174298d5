import { join, resolve } from "node:path";
import { EMAIL_PATTERN, isHttpUrl, type TPaidPlanId } from "@backdrop/shared";
import { z } from "zod";
import { REPO_ROOT } from "./lib/paths.ts";

export type NodeEnv = "development" | "test" | "production";
export type MailTransport = "outbox" | "smtp";

export type Env = Readonly<{
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** Absolute; relative values are resolved against the repository root. */
  dataDir: string;
  /** Null means the embedded SQLite database at `sqliteFile`. */
  databaseUrl: string | null;
  sqliteFile: string;
  /** Public base URL without a trailing slash, and its origin. */
  appUrl: string;
  appOrigin: string;
  /** Null means the outbox transport. */
  smtpUrl: string | null;
  mailTransport: MailTransport;
  mailFrom: string;
  supportEmail: string;
  /** How many proxies of our own stand in front (TRUST_PROXY): 0 trusts no X-Forwarded-For. */
  trustProxy: number;
  /** DEV_MAILBOX=open: the outbox page answers any client, not only loopback ones. */
  devMailboxOpen: boolean;
  allowSandbox: boolean;
  /** Origins besides `appOrigin` allowed to send state-changing requests. */
  trustedOrigins: readonly string[];
  supportRateLimit: RateLimit;
  /** Null outside production means "generate one and keep it in DATA_DIR". */
  authSecret: string | null;
  /** Null hides Google sign-in. */
  google: GoogleSignIn | null;
  /** Per client address, for each sign-in, sign-up and identity mail endpoint. */
  authRateLimit: RateLimit;
  /** Photo uploads per signed-in user (UPLOAD_RATE_LIMIT). */
  uploadRateLimit: RateLimit;
  /** Bytes one user may keep stored, on a paid plan and on the free plan. */
  storageQuota: Readonly<{ paidBytes: number; freeBytes: number }>;
  /** Null means the built-in sandbox payment provider. */
  stripe: StripeConfig | null;
  /** Where stored images live (DATA_DIR/files unless FILES_DIR says otherwise). */
  filesDir: string;
  /** Below this much free space where files are stored, the health check fails. */
  minFreeDiskBytes: number;
  imageEngine: ImageEngineId;
  /** Set when the fal engine is in use. */
  falKey: string | null;
  /** Null means the inline job driver (jobs run in the server's process). */
  redisUrl: string | null;
  jobs: JobSettings;
}>;

export type ImageEngineId = "local" | "fal";

export type JobSettings = Readonly<{
  /** How long a job may run, counted from when a worker starts it. */
  timeLimitMs: number;
  /** How long a job may wait in line before it fails without having started (refunded). */
  queueWaitLimitMs: number;
  concurrency: number;
  /** Keeps the keys of deployments sharing one Redis apart. */
  queuePrefix: string;
}>;

export type StripeConfig = Readonly<{
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each plan's monthly subscription. */
  planPrices: Readonly<Record<TPaidPlanId, string>>;
  /** The Stripe price id of each token pack, by its token count. */
  packPrices: Readonly<Record<number, string>>;
}>;

export type RateLimit = Readonly<{ limit: number; windowMs: number }>;

export type GoogleSignIn = Readonly<{
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect discovery document; tests point it at a local mock. */
  discoveryUrl: string;
}>;

type Source = Record<string, string | undefined>;

const VITE_DEV_ORIGIN = "http://localhost:5173";
const DEFAULT_MAIL_FROM = "Backdrop <no-reply@backdrop.local>";
const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";
export const AUTH_SECRET_MIN_LENGTH = 32;
const MEGABYTE = 1_000_000;

/** Variables whose value must never be echoed in an error. */
const SECRET_VARIABLES = new Set([
  "BETTER_AUTH_SECRET",
  "GOOGLE_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "FAL_KEY",
]);

/** Everything Stripe needs besides its key, in the order a missing one is reported. */
const STRIPE_PLAN_PRICES = {
  starter: "STRIPE_PRICE_STARTER",
  pro: "STRIPE_PRICE_PRO",
  elite: "STRIPE_PRICE_ELITE",
} as const;
const STRIPE_PACK_PRICES = {
  100: "STRIPE_PRICE_PACK_100",
  250: "STRIPE_PRICE_PACK_250",
  500: "STRIPE_PRICE_PACK_500",
  1000: "STRIPE_PRICE_PACK_1000",
} as const;
const STRIPE_COMPANIONS = [
  "STRIPE_WEBHOOK_SECRET",
  ...Object.values(STRIPE_PLAN_PRICES),
  ...Object.values(STRIPE_PACK_PRICES),
] as const;

/** Unset and empty variables both mean "use the default". */
function variable<T extends z.ZodType>(schema: T, fallback?: string) {
  return z.preprocess((value) => (value === "" || value === undefined ? fallback : value), schema);
}

function optionalVariable<T extends z.ZodType>(schema: T) {
  return variable(schema.optional());
}

const flag = variable(
  z.enum(["0", "1"], { error: "must be 0 or 1" }).transform((value) => value === "1"),
  "0",
);

function hasScheme(value: string, schemes: readonly string[]): boolean {
  return schemes.some((scheme) => value.startsWith(`${scheme}://`)) && URL.canParse(value);
}

function prefixed(prefix: string, what: string) {
  return optionalVariable(
    z
      .string()
      .trim()
      .startsWith(prefix, { error: `must be ${what} starting with ${prefix}` }),
  );
}

const stripePrice = prefixed("price_", "a Stripe price id");

const RATE_LIMIT_PATTERN = /^([1-9]\d*)\/([1-9]\d*)$/;

function rateLimitVariable(fallback: string) {
  return variable(
    z
      .string()
      .regex(RATE_LIMIT_PATTERN, {
        error: `must look like <requests>/<seconds>, e.g. ${fallback}`,
      })
      .transform((value) => {
        const [, limit, seconds] = RATE_LIMIT_PATTERN.exec(value) ?? [];
        return { limit: Number(limit), windowMs: Number(seconds) * 1000 };
      }),
    fallback,
  );
}

const schema = z.object({
  NODE_ENV: variable(
    z.enum(["development", "test", "production"], {
      error: "must be one of development, test, production",
    }),
    "development",
  ),
  PORT: variable(
    z
      .string()
      .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
        error: "must be an integer between 1 and 65535",
      })
      .transform(Number),
    "3000",
  ),
  HOST: variable(z.string().trim().min(1), "0.0.0.0"),
  DATA_DIR: variable(z.string(), "./data"),
  DATABASE_URL: optionalVariable(
    z.string().refine((value) => hasScheme(value, ["postgres", "postgresql"]), {
      error: "must be a URL starting with postgres:// or postgresql://",
    }),
  ),
  APP_URL: optionalVariable(
    z.string().refine(isHttpUrl, { error: "must be a URL starting with http:// or https://" }),
  ),
  SMTP_URL: optionalVariable(
    z.string().refine((value) => hasScheme(value, ["smtp", "smtps"]), {
      error: "must be a URL starting with smtp:// or smtps://",
    }),
  ),
  MAIL_FROM: variable(
    z.string().refine((value) => /[^\s@<]+@[^\s@>]+/.test(value), {
      error: 'must be a sender like "Backdrop <no-reply@example.com>"',
    }),
    DEFAULT_MAIL_FROM,
  ),
  SUPPORT_EMAIL: variable(
    z.string().trim().regex(EMAIL_PATTERN, { error: "must be an e-mail address" }),
    "support@backdrop.local",
  ),
  TRUST_PROXY: variable(
    z
      .string()
      .regex(/^\d+$/, { error: "must be the number of proxies in front of the server (0, 1, 2…)" })
      .transform(Number)
      .refine((value) => value <= 10, { error: "must be at most 10" }),
    "0",
  ),
  DEV_MAILBOX: optionalVariable(z.enum(["open"], { error: "must be open or unset" })),
  ALLOW_SANDBOX: flag,
  TRUSTED_ORIGINS: optionalVariable(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isHttpUrl), {
        error: "must be a comma-separated list of http:// or https:// origins",
      })
      .transform((entries) => entries.map((entry) => new URL(entry).origin)),
  ),
  SUPPORT_RATE_LIMIT: rateLimitVariable("5/600"),
  BETTER_AUTH_SECRET: optionalVariable(
    z.string().min(AUTH_SECRET_MIN_LENGTH, {
      error: `must be at least ${AUTH_SECRET_MIN_LENGTH} characters (e.g. openssl rand -base64 32)`,
    }),
  ),
  GOOGLE_CLIENT_ID: optionalVariable(z.string().trim()),
  GOOGLE_CLIENT_SECRET: optionalVariable(z.string().trim()),
  GOOGLE_DISCOVERY_URL: variable(
    z.string().refine(isHttpUrl, { error: "must be a URL starting with http:// or https://" }),
    GOOGLE_DISCOVERY_URL,
  ),
  AUTH_RATE_LIMIT: rateLimitVariable("10/60"),
  UPLOAD_RATE_LIMIT: rateLimitVariable("30/600"),
  STORAGE_QUOTA_MB: positiveInteger("5000", 10_000_000),
  FREE_STORAGE_QUOTA_MB: positiveInteger("250", 10_000_000),
  FILES_DIR: optionalVariable(z.string()),
  MIN_FREE_DISK_MB: positiveInteger("200", 10_000_000),
  IMAGE_ENGINE: optionalVariable(z.enum(["local", "fal"], { error: "must be local or fal" })),
  FAL_KEY: optionalVariable(z.string().trim().min(1)),
  REDIS_URL: optionalVariable(
    z.string().refine((value) => hasScheme(value, ["redis", "rediss"]), {
      error: "must be a URL starting with redis:// or rediss://",
    }),
  ),
  JOB_TIME_LIMIT_SECONDS: positiveInteger("120", 3600),
  JOB_QUEUE_WAIT_LIMIT_SECONDS: positiveInteger("900", 86_400),
  JOB_CONCURRENCY: positiveInteger("2", 64),
  JOB_QUEUE_PREFIX: variable(
    z.string().regex(/^[a-z0-9][a-z0-9:_-]*$/i, { error: "must be letters, digits, :, _ or -" }),
    "backdrop",
  ),
  STRIPE_SECRET_KEY: optionalVariable(
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_/, { error: "must be a Stripe secret key (sk_… or rk_…)" }),
  ),
  STRIPE_WEBHOOK_SECRET: prefixed("whsec_", "a webhook signing secret"),
  STRIPE_PRICE_STARTER: stripePrice,
  STRIPE_PRICE_PRO: stripePrice,
  STRIPE_PRICE_ELITE: stripePrice,
  STRIPE_PRICE_PACK_100: stripePrice,
  STRIPE_PRICE_PACK_250: stripePrice,
  STRIPE_PRICE_PACK_500: stripePrice,
  STRIPE_PRICE_PACK_1000: stripePrice,
});

type Vars = z.infer<typeof schema>;

function positiveInteger(fallback: string, max: number) {
  return variable(
    z
      .string()
      .regex(/^[1-9]\d*$/, { error: "must be a positive whole number" })
      .transform(Number)
      .refine((value) => value <= max, { error: `must be at most ${max}` }),
    fallback,
  );
}

/** The fal engine needs its key; asking for it without one is a configuration error. */
function imageEngine(vars: Vars): ImageEngineId {
  const engine = vars.IMAGE_ENGINE ?? (vars.FAL_KEY ? "fal" : "local");
  if (engine === "fal" && !vars.FAL_KEY) {
    throw new EnvError("Invalid configuration: FAL_KEY must be set when IMAGE_ENGINE is fal");
  }
  return engine;
}

/** Stripe is all or nothing: its key switches it on and then every companion is required. */
function stripeConfig(vars: Vars): StripeConfig | null {
  const key = vars.STRIPE_SECRET_KEY;
  if (!key) {
    const stray = STRIPE_COMPANIONS.find((name) => vars[name]);
    if (stray) {
      throw new EnvError(
        `Invalid configuration: ${stray} is set but STRIPE_SECRET_KEY is not; set both or neither`,
      );
    }
    return null;
  }
  const missing = STRIPE_COMPANIONS.find((name) => !vars[name]);
  if (missing) {
    throw new EnvError(
      `Invalid configuration: ${missing} must be set when STRIPE_SECRET_KEY is set`,
    );
  }
  const read = (name: (typeof STRIPE_COMPANIONS)[number]) => vars[name] ?? "";
  return Object.freeze({
    secretKey: key,
    webhookSecret: read("STRIPE_WEBHOOK_SECRET"),
    planPrices: Object.freeze({
      starter: read(STRIPE_PLAN_PRICES.starter),
      pro: read(STRIPE_PLAN_PRICES.pro),
      elite: read(STRIPE_PLAN_PRICES.elite),
    }),
    packPrices: Object.freeze(
      Object.fromEntries(
        Object.entries(STRIPE_PACK_PRICES).map(([tokens, name]) => [Number(tokens), read(name)]),
      ),
    ),
  });
}

/** A configuration problem, worded as the single line the server prints before exiting. */
export class EnvError extends Error {
  override name = "EnvError";
}

/** Hides the password of a URL-like value before it is echoed in an error. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@");
}

export function loadEnv(source: Source = process.env): Env {
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

  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET)) {
    throw new EnvError(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }

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
    trustedOrigins: Object.freeze([...new Set(trustedOrigins)]),
    supportRateLimit: Object.freeze(vars.SUPPORT_RATE_LIMIT),
    authSecret: vars.BETTER_AUTH_SECRET ?? null,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? Object.freeze({
            clientId: vars.GOOGLE_CLIENT_ID,
            clientSecret: vars.GOOGLE_CLIENT_SECRET,
            discoveryUrl: vars.GOOGLE_DISCOVERY_URL,
          })
        : null,
    authRateLimit: Object.freeze(vars.AUTH_RATE_LIMIT),
    uploadRateLimit: Object.freeze(vars.UPLOAD_RATE_LIMIT),
    storageQuota: Object.freeze({
      paidBytes: vars.STORAGE_QUOTA_MB * MEGABYTE,
      freeBytes: vars.FREE_STORAGE_QUOTA_MB * MEGABYTE,
    }),
    stripe,
    filesDir: resolve(REPO_ROOT, vars.FILES_DIR ?? join(vars.DATA_DIR, "files")),
    minFreeDiskBytes: vars.MIN_FREE_DISK_MB * MEGABYTE,
    imageEngine: imageEngine(vars),
    falKey: vars.FAL_KEY ?? null,
    redisUrl: vars.REDIS_URL ?? null,
    jobs: Object.freeze({
      timeLimitMs: vars.JOB_TIME_LIMIT_SECONDS * 1000,
      queueWaitLimitMs: vars.JOB_QUEUE_WAIT_LIMIT_SECONDS * 1000,
      concurrency: vars.JOB_CONCURRENCY,
      queuePrefix: vars.JOB_QUEUE_PREFIX,
    }),
  });
  assertProductionReady(env);
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
