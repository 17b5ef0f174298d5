import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../lib/paths.ts";
import { envError } from "./env-error.test-helper.ts";
import { loadEnv } from "./index.ts";

const SECRET = "s3cret-s3cret-s3cret-s3cret-s3cret!";

describe("loadEnv", () => {
  it("runs with no configuration at all", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      dataDir: join(REPO_ROOT, "data"),
      databaseUrl: null,
      sqliteFile: join(REPO_ROOT, "data", "backdrop.db"),
      appUrl: "http://localhost:3000",
      appOrigin: "http://localhost:3000",
      smtpUrl: null,
      mailTransport: "outbox",
      mailFrom: "Backdrop <no-reply@backdrop.local>",
      supportEmail: "support@backdrop.local",
      trustProxy: 0,
      devMailboxOpen: false,
      allowSandbox: false,
      serveSourceMaps: true,
      trustedOrigins: ["http://localhost:5173"],
      supportRateLimit: { limit: 5, windowMs: 600_000 },
      authSecret: null,
      google: null,
      authRateLimit: { limit: 10, windowMs: 60_000 },
      uploadRateLimit: { limit: 30, windowMs: 600_000 },
      storageQuota: { paidBytes: 5_000_000_000, freeBytes: 250_000_000 },
      minFreeDiskBytes: 200_000_000,
      contentSigning: null,
    });
    expect(env.jobs).toEqual({
      timeLimitMs: 120_000,
      queueWaitLimitMs: 900_000,
      concurrency: 2,
      queuePrefix: "backdrop",
      shutdownGraceMs: 10_000,
    });
    expect(Object.isFrozen(env)).toBe(true);
  });

  it("finds the repository root from its own location", () => {
    expect(REPO_ROOT).toBe(join(import.meta.dirname, "../../../.."));
  });

  it("treats empty variables as unset", () => {
    expect(loadEnv({ PORT: "", DATABASE_URL: "", SMTP_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: null,
      mailTransport: "outbox",
    });
  });

  it("serves source maps in production only when SERVE_SOURCE_MAPS asks", () => {
    const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, ALLOW_SANDBOX: "1" };
    expect(loadEnv({ ...production, SERVE_SOURCE_MAPS: "1" }).serveSourceMaps).toBe(true);
    expect(loadEnv({ NODE_ENV: "development", SERVE_SOURCE_MAPS: "0" }).serveSourceMaps).toBe(
      false,
    );
  });

  it("reads every variable", () => {
    const env = loadEnv({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/backdrop",
      DATABASE_URL: "postgresql://app:secret@db:5432/backdrop",
      APP_URL: "https://backdrop.example.com/",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      MAIL_FROM: "Backdrop <hello@backdrop.example.com>",
      SUPPORT_EMAIL: "help@backdrop.example.com",
      TRUST_PROXY: "2",
      DEV_MAILBOX: "open",
      UPLOAD_RATE_LIMIT: "4/60",
      STORAGE_QUOTA_MB: "100",
      FREE_STORAGE_QUOTA_MB: "10",
      JOB_QUEUE_WAIT_LIMIT_SECONDS: "300",
      // Payments stay on the sandbox provider here.
      ALLOW_SANDBOX: "1",
      TRUSTED_ORIGINS: "https://admin.example.com, https://www.example.com/path",
      SUPPORT_RATE_LIMIT: "3/60",
      BETTER_AUTH_SECRET: SECRET,
      GOOGLE_CLIENT_ID: "client-id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GOOGLE_DISCOVERY_URL: "http://127.0.0.1:8080/.well-known/openid-configuration",
      AUTH_RATE_LIMIT: "20/300",
    });
    expect(env).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/backdrop",
      databaseUrl: "postgresql://app:secret@db:5432/backdrop",
      appUrl: "https://backdrop.example.com",
      appOrigin: "https://backdrop.example.com",
      mailTransport: "smtp",
      trustProxy: 2,
      devMailboxOpen: true,
      // Production serves no source maps unless asked to.
      serveSourceMaps: false,
      uploadRateLimit: { limit: 4, windowMs: 60_000 },
      storageQuota: { paidBytes: 100_000_000, freeBytes: 10_000_000 },
      trustedOrigins: ["https://admin.example.com", "https://www.example.com"],
      supportRateLimit: { limit: 3, windowMs: 60_000 },
      authSecret: SECRET,
      google: {
        clientId: "client-id.apps.googleusercontent.com",
        clientSecret: "google-secret",
        discoveryUrl: "http://127.0.0.1:8080/.well-known/openid-configuration",
      },
      authRateLimit: { limit: 20, windowMs: 300_000 },
    });
  });

  it("uses Google's discovery document unless told otherwise", () => {
    const env = loadEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(env.google).toEqual({
      clientId: "id",
      clientSecret: "secret",
      discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
    });
  });

  it("derives APP_URL from PORT and resolves a relative DATA_DIR against the repository", () => {
    const env = loadEnv({ PORT: "4100", DATA_DIR: "tmp/state", NODE_ENV: "test" });
    expect(env.appUrl).toBe("http://localhost:4100");
    expect(env.dataDir).toBe(join(REPO_ROOT, "tmp/state"));
    expect(env.trustedOrigins).toEqual([]);
  });

  it.each([
    ["PORT", "abc", 'PORT must be an integer between 1 and 65535 (got "abc")'],
    ["PORT", "70000", 'PORT must be an integer between 1 and 65535 (got "70000")'],
    ["PORT", "3.5", 'PORT must be an integer between 1 and 65535 (got "3.5")'],
    [
      "NODE_ENV",
      "staging",
      'NODE_ENV must be one of development, test, production (got "staging")',
    ],
    [
      "DATABASE_URL",
      "mysql://root:hunter2@db/app",
      'DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://root:***@db/app")',
    ],
    [
      "APP_URL",
      "localhost:3000",
      'APP_URL must be a URL starting with http:// or https:// (got "localhost:3000")',
    ],
    [
      "SMTP_URL",
      "mail.example.com",
      'SMTP_URL must be a URL starting with smtp:// or smtps:// (got "mail.example.com")',
    ],
    [
      "MAIL_FROM",
      "Backdrop",
      'MAIL_FROM must be a sender like "Backdrop <no-reply@example.com>" (got "Backdrop")',
    ],
    ["SUPPORT_EMAIL", "support", 'SUPPORT_EMAIL must be an e-mail address (got "support")'],
    [
      "TRUST_PROXY",
      "yes",
      'TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2…) (got "yes")',
    ],
    ["TRUST_PROXY", "11", 'TRUST_PROXY must be at most 10 (got "11")'],
    ["DEV_MAILBOX", "yes", 'DEV_MAILBOX must be open or unset (got "yes")'],
    [
      "UPLOAD_RATE_LIMIT",
      "many",
      'UPLOAD_RATE_LIMIT must look like <requests>/<seconds>, e.g. 30/600 (got "many")',
    ],
    ["STORAGE_QUOTA_MB", "0", 'STORAGE_QUOTA_MB must be a positive whole number (got "0")'],
    [
      "JOB_QUEUE_WAIT_LIMIT_SECONDS",
      "-5",
      'JOB_QUEUE_WAIT_LIMIT_SECONDS must be a positive whole number (got "-5")',
    ],
    ["ALLOW_SANDBOX", "true", 'ALLOW_SANDBOX must be 0 or 1 (got "true")'],
    ["SERVE_SOURCE_MAPS", "yes", 'SERVE_SOURCE_MAPS must be 0 or 1 (got "yes")'],
    [
      "TRUSTED_ORIGINS",
      "https://ok.example.com,ftp://files",
      'TRUSTED_ORIGINS must be a comma-separated list of http:// or https:// origins (got "https://ok.example.com,ftp://files")',
    ],
    [
      "SUPPORT_RATE_LIMIT",
      "5 per minute",
      'SUPPORT_RATE_LIMIT must look like <requests>/<seconds>, e.g. 5/600 (got "5 per minute")',
    ],
    [
      "SUPPORT_RATE_LIMIT",
      "0/60",
      'SUPPORT_RATE_LIMIT must look like <requests>/<seconds>, e.g. 5/600 (got "0/60")',
    ],
    [
      "GOOGLE_DISCOVERY_URL",
      "accounts.google.com",
      'GOOGLE_DISCOVERY_URL must be a URL starting with http:// or https:// (got "accounts.google.com")',
    ],
    [
      "AUTH_RATE_LIMIT",
      "ten",
      'AUTH_RATE_LIMIT must look like <requests>/<seconds>, e.g. 10/60 (got "ten")',
    ],
  ])("refuses %s=%s in one line", (name, value, expected) => {
    const message = envError({ [name]: value });
    expect(message).toBe(`Invalid configuration: ${expected}`);
    expect(message).not.toContain("\n");
  });

  it("refuses a short BETTER_AUTH_SECRET without echoing it", () => {
    const message = envError({ BETTER_AUTH_SECRET: "hunter2-hunter2" });
    expect(message).toBe(
      "Invalid configuration: BETTER_AUTH_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)",
    );
    expect(message).not.toContain("hunter2");
  });

  it.each([
    ["GOOGLE_CLIENT_ID", "id"],
    ["GOOGLE_CLIENT_SECRET", "secret"],
  ])("refuses %s without its partner", (name, value) => {
    expect(envError({ [name]: value })).toBe(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  });

  it("reads the Content Credentials key and certificate together, against the repository", () => {
    const env = loadEnv({ C2PA_SIGNING_KEY: "keys/c2pa.key", C2PA_SIGNING_CERT: "/etc/c2pa.pem" });
    expect(env.contentSigning).toEqual({
      keyFile: join(REPO_ROOT, "keys", "c2pa.key"),
      certFile: "/etc/c2pa.pem",
    });
  });

  it.each([
    ["C2PA_SIGNING_KEY", "c2pa.key"],
    ["C2PA_SIGNING_CERT", "c2pa.pem"],
  ])("refuses %s without its partner", (name, value) => {
    expect(envError({ [name]: value })).toBe(
      "Invalid configuration: set both C2PA_SIGNING_KEY and C2PA_SIGNING_CERT (PEM files), or neither to sign with a key made on the first start",
    );
  });

  describe("in production", () => {
    it("refuses to start without BETTER_AUTH_SECRET, even with ALLOW_SANDBOX=1", () => {
      const expected =
        "Refusing to start: NODE_ENV=production but BETTER_AUTH_SECRET is not set; set it to at least 32 random characters (e.g. openssl rand -base64 32)";
      const smtp = "smtp://mail.example.com:587";
      expect(envError({ NODE_ENV: "production", SMTP_URL: smtp })).toBe(expected);
      expect(envError({ NODE_ENV: "production", ALLOW_SANDBOX: "1" })).toBe(expected);
    });

    it("refuses the outbox mail stand-in in one clear line", () => {
      const message = envError({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET });
      expect(message).toBe(
        "Refusing to start: NODE_ENV=production but mail uses the outbox (set SMTP_URL), payments use the sandbox provider (set STRIPE_SECRET_KEY); set ALLOW_SANDBOX=1 to run with development stand-ins anyway",
      );
    });

    it("refuses the sandbox payment provider even with real SMTP", () => {
      const message = envError({
        NODE_ENV: "production",
        SMTP_URL: "smtp://mail.example.com:587",
        BETTER_AUTH_SECRET: SECRET,
      });
      expect(message).toBe(
        "Refusing to start: NODE_ENV=production but payments use the sandbox provider (set STRIPE_SECRET_KEY); set ALLOW_SANDBOX=1 to run with development stand-ins anyway",
      );
    });

    it("starts with the outbox when ALLOW_SANDBOX=1", () => {
      const env = loadEnv({
        NODE_ENV: "production",
        ALLOW_SANDBOX: "1",
        BETTER_AUTH_SECRET: SECRET,
      });
      expect(env.mailTransport).toBe("outbox");
    });

    it("starts with real SMTP and does not trust the Vite dev server", () => {
      const env = loadEnv({
        NODE_ENV: "production",
        SMTP_URL: "smtp://mail.example.com:587",
        BETTER_AUTH_SECRET: SECRET,
        ALLOW_SANDBOX: "1",
      });
      expect(env.mailTransport).toBe("smtp");
      expect(env.trustedOrigins).toEqual([]);
    });

    it("starts a worker with jobs settings alone: no sign-in, mail or payment settings", () => {
      const env = loadEnv(
        {
          NODE_ENV: "production",
          REDIS_URL: "redis://queue:6379",
          DATABASE_URL: "postgres://db/x",
        },
        "worker",
      );
      expect(env.authSecret).toBeNull();
      expect(env.stripe).toBeNull();
      expect(env.redisUrl).toBe("redis://queue:6379");
    });

    it("still refuses a worker's invalid settings", () => {
      expect(() => loadEnv({ NODE_ENV: "production", REDIS_URL: "http://x" }, "worker")).toThrow(
        /REDIS_URL must be a URL starting with redis:\/\/ or rediss:\/\//,
      );
    });
  });
});

describe("Stripe configuration", () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: "sk_live_abcdef",
    STRIPE_WEBHOOK_SECRET: "whsec_abcdef",
    STRIPE_PRICE_STARTER: "price_s",
    STRIPE_PRICE_PRO: "price_p",
    STRIPE_PRICE_ELITE: "price_e",
    STRIPE_PRICE_PACK_100: "price_100",
    STRIPE_PRICE_PACK_250: "price_250",
    STRIPE_PRICE_PACK_500: "price_500",
    STRIPE_PRICE_PACK_1000: "price_1000",
  };

  it("is off without a key, and reads every price with one", () => {
    expect(loadEnv({}).stripe).toBeNull();
    expect(loadEnv(STRIPE).stripe).toEqual({
      secretKey: "sk_live_abcdef",
      webhookSecret: "whsec_abcdef",
      planPrices: { starter: "price_s", pro: "price_p", elite: "price_e" },
      packPrices: { 100: "price_100", 250: "price_250", 500: "price_500", 1000: "price_1000" },
    });
  });

  it.each(["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO", "STRIPE_PRICE_PACK_1000"])(
    "names a missing %s once the key is set, without echoing secrets",
    (name) => {
      const message = envError({ ...STRIPE, [name]: "" });
      expect(message).toBe(
        `Invalid configuration: ${name} must be set when STRIPE_SECRET_KEY is set`,
      );
      expect(message).not.toContain("sk_live_abcdef");
    },
  );

  it("refuses a companion without the key", () => {
    expect(envError({ STRIPE_PRICE_PRO: "price_p" })).toBe(
      "Invalid configuration: STRIPE_PRICE_PRO is set but STRIPE_SECRET_KEY is not; set both or neither",
    );
  });

  it("refuses malformed values without echoing secrets", () => {
    const key = envError({ ...STRIPE, STRIPE_SECRET_KEY: "pk_live_leak" });
    expect(key).toBe(
      "Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)",
    );
    const hook = envError({ ...STRIPE, STRIPE_WEBHOOK_SECRET: "leak" });
    expect(hook).toBe(
      "Invalid configuration: STRIPE_WEBHOOK_SECRET must be a webhook signing secret starting with whsec_",
    );
    expect(envError({ ...STRIPE, STRIPE_PRICE_PRO: "prod_1" })).toBe(
      'Invalid configuration: STRIPE_PRICE_PRO must be a Stripe price id starting with price_ (got "prod_1")',
    );
  });

  it("lets production start on Stripe without listing the payments sandbox", () => {
    const env = loadEnv({
      ...STRIPE,
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example.com:587",
      BETTER_AUTH_SECRET: SECRET,
    });
    expect(env.stripe?.secretKey).toBe("sk_live_abcdef");
    expect(envError({ ...STRIPE, NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET })).toBe(
      "Refusing to start: NODE_ENV=production but mail uses the outbox (set SMTP_URL); set ALLOW_SANDBOX=1 to run with development stand-ins anyway",
    );
  });
});
