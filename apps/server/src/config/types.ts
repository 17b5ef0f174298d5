import type { TPaidPlanId } from "@backdrop/shared";

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
  /** Whether the web app's `.map` files are served (SERVE_SOURCE_MAPS; production: no). */
  serveSourceMaps: boolean;
  /** How much the JSON log says (LOG_LEVEL). */
  logLevel: "error" | "warn" | "info" | "debug" | "silent";
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
  /**
   * The PEM files that sign Content Credentials (C2PA_SIGNING_KEY, C2PA_SIGNING_CERT); null
   * means a key and certificate made on the first start and kept in DATA_DIR.
   */
  contentSigning: Readonly<{ keyFile: string; certFile: string }> | null;
  /** Below this much free space where files are stored, the health check fails. */
  minFreeDiskBytes: number;
  /** Null keeps the images on disk under `filesDir`; set (S3_BUCKET), they live in the bucket. */
  s3: S3Config | null;
  imageEngine: ImageEngineId;
  /** Set when the fal engine is in use. */
  falKey: string | null;
  /** FAL_*_ENDPOINT: a model chosen for a call instead of the engine's default (null). */
  falEndpoints: FalEndpointOverrides;
  /** Null means the inline job driver (jobs run in the server's process). */
  redisUrl: string | null;
  jobs: JobSettings;
}>;

export type ImageEngineId = "local" | "fal";

export type FalEndpointOverrides = Readonly<{
  generate: string | null;
  edit: string | null;
  upscale: string | null;
}>;

export type JobSettings = Readonly<{
  /** How long a job may run, counted from when a worker starts it. */
  timeLimitMs: number;
  /** How long a job may wait in line before it fails without having started (refunded). */
  queueWaitLimitMs: number;
  concurrency: number;
  /** Keeps the keys of deployments sharing one Redis apart. */
  queuePrefix: string;
  /** On shutdown, how long running jobs may finish before they are handed back to the line. */
  shutdownGraceMs: number;
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

export type S3Config = Readonly<{
  bucket: string;
  region: string;
  /** Null means AWS's own endpoint for the region; set for any other S3-compatible server. */
  endpoint: string | null;
  /** Null means the SDK's default credential chain (AWS_* variables, shared files, an instance role). */
  credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }> | null;
  /** Bucket in the path (`host/bucket/key`) instead of the host name, as MinIO and friends need. */
  forcePathStyle: boolean;
}>;

export type GoogleSignIn = Readonly<{
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect discovery document; tests point it at a local mock. */
  discoveryUrl: string;
}>;
