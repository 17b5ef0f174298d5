import { setMaxListeners } from "node:events";
import type Stripe from "stripe";
import type { Env } from "./config/index.ts";
import { createIdentity } from "./identity/auth.ts";
import { resolveAuthSecret } from "./identity/auth-secret.ts";
import type { Identity } from "./identity/identity.ts";
import { createJobCore, type JobCoreOverrides } from "./job-core.ts";
import type { Clock } from "./lib/clock.ts";
import { createDownloadSlots } from "./lib/download-stream.ts";
import type { Logger } from "./lib/logger.ts";
import { WEB_DIST_DIR } from "./lib/paths.ts";
import type { RateLimiter } from "./lib/rate-limiter.ts";
import { createRateLimits, type RateLimits } from "./lib/rate-limits.ts";
import { createRedisConnector } from "./lib/redis-connection.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createOutboxMailer } from "./mail/outbox.mailer.ts";
import { createSmtpMailer } from "./mail/smtp.mailer.ts";
import type { PaymentProvider } from "./payments/payment-provider.ts";
import {
  createSandboxProvider,
  type SandboxProvider,
} from "./payments/sandbox/sandbox.provider.ts";
import { createStripeClient, createStripePayments } from "./payments/stripe/stripe-payments.ts";
import type { StripeWebhooks } from "./payments/stripe/stripe-webhooks.ts";
import {
  type AccountDataRepository,
  createAccountDataRepository,
} from "./repositories/account-data.repository.ts";
import {
  type BillingRepository,
  createBillingRepository,
} from "./repositories/billing.repository.ts";
import type { DatabaseHandle } from "./repositories/database.ts";
import type { GenerationsRepository } from "./repositories/generations.repository.ts";
import {
  createIdentityRepository,
  type IdentityRepository,
} from "./repositories/identity.repository.ts";
import {
  createMailOutboxRepository,
  type MailOutboxRepository,
} from "./repositories/mail-outbox.repository.ts";
import {
  createSandboxPaymentsRepository,
  type SandboxPaymentsRepository,
} from "./repositories/sandbox-payments.repository.ts";
import {
  createSupportRepository,
  type SupportRepository,
} from "./repositories/support.repository.ts";
import type { TokenLedgerRepository } from "./repositories/token-ledger.repository.ts";
import {
  createUserProfilesRepository,
  type UserProfilesRepository,
} from "./repositories/user-profiles.repository.ts";
import type { Downloads } from "./routes/download-response.ts";
import {
  type AccountDeletionService,
  createAccountDeletionService,
} from "./services/account-deletion.service.ts";
import {
  type AccountExportService,
  createAccountExportService,
} from "./services/account-export.service.ts";
import { type AccountsService, createAccountsService } from "./services/accounts.service.ts";
import { type BillingService, createBillingService } from "./services/billing.service.ts";
import {
  type BillingEventsService,
  createBillingEventsService,
} from "./services/billing-events.service.ts";
import { createDevMailbox, type DevMailbox } from "./services/dev-mailbox.service.ts";
import type { Jobs } from "./services/generations/create-jobs.ts";
import {
  createGenerationsService,
  type GenerationsService,
} from "./services/generations/generations.service.ts";
import { createFileUrls } from "./services/generations/records/file-urls.ts";
import {
  createUploadAllowance,
  type UploadAllowance,
} from "./services/generations/uploads/upload-allowance.ts";
import { ownUploadCutout } from "./services/generations/uploads/upload-cutouts.ts";
import { createHealthService, type HealthService } from "./services/health.service.ts";
import {
  createScenePreviewService,
  type ScenePreviewDeps,
  type ScenePreviewService,
} from "./services/scene-preview.service.ts";
import { createSupportService, type SupportService } from "./services/support.service.ts";
import type { TokenLedgerService } from "./services/token-ledger.service.ts";
import type { FileStorage } from "./storage/file-storage.ts";

export type Container = {
  env: Env;
  database: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Where every limit below counts: in Redis with REDIS_URL, so N servers share one limit. */
  rateLimits: RateLimits;
  /** Support messages, per client address. */
  rateLimiter: RateLimiter;
  /** Account lookups by e-mail, per client address (AUTH_RATE_LIMIT). */
  authRateLimiter: RateLimiter;
  /** Photo uploads, per user (UPLOAD_RATE_LIMIT). */
  uploadRateLimiter: RateLimiter;
  /** Checkout sessions (subscriptions and token packs), per user: CHECKOUT_RATE_LIMIT. */
  checkoutRateLimiter: RateLimiter;
  /** Scene previews, per signed-in user or per visitor's address: SCENE_PREVIEW_RATE_LIMIT. */
  previewRateLimiter: RateLimiter;
  /** Every visitor's preview drawn, one budget for all: VISITOR_PREVIEW_BUDGET. */
  visitorPreviewBudget: RateLimiter;
  repositories: {
    support: SupportRepository;
    mailOutbox: MailOutboxRepository;
    userProfiles: UserProfilesRepository;
    identity: IdentityRepository;
    tokenLedger: TokenLedgerRepository;
    billing: BillingRepository;
    sandboxPayments: SandboxPaymentsRepository;
    generations: GenerationsRepository;
    accountData: AccountDataRepository;
  };
  services: {
    support: SupportService;
    health: HealthService;
    accounts: AccountsService;
    tokenLedger: TokenLedgerService;
    billingEvents: BillingEventsService;
    billing: BillingService;
    /** The e-mails the outbox kept, for the development mailbox. */
    devMailbox: DevMailbox;
    generations: GenerationsService;
    uploadAllowance: UploadAllowance;
    scenePreviews: ScenePreviewService;
    accountExport: AccountExportService;
    accountDeletion: AccountDeletionService;
  };
  storage: FileStorage;
  /** File and archive downloads: slots per user, and how long a client may stop reading. */
  downloads: Downloads;
  jobs: Jobs;
  payments: {
    provider: PaymentProvider;
    /** The built-in provider's pages and clock, when it is the one in use. */
    sandbox: SandboxProvider | null;
    /** Stripe's webhook receiver, when Stripe is the provider. */
    stripeWebhooks: StripeWebhooks | null;
  };
  identity: Identity;
  /** The built web app served beside the API. */
  webDistDir: string;
  /** Aborted when the process begins to shut down: event streams end at once. */
  closing: AbortController;
  /** Releases what the container opened (a database handed in by the caller stays open). */
  close(): Promise<void>;
};

export type ContainerOverrides = JobCoreOverrides & {
  mailer?: Mailer;
  webDistDir?: string;
  /** The Stripe SDK to use when STRIPE_SECRET_KEY is set; tests point one at an emulator. */
  stripe?: Stripe;
  /** The previews' line instead of PREVIEW_GATE (tests answer refusals without a pause). */
  previewGate?: ScenePreviewDeps["gate"];
  /** Download limits instead of DOWNLOAD_LIMITS (tests shorten the idle time). */
  downloads?: Partial<typeof DOWNLOAD_LIMITS>;
};

/** Each user may open this many checkout sessions of each kind per ten minutes. */
export const CHECKOUT_RATE_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 } as const;
/** Scene previews per user or visitor's address: one every half second of typing, for a minute. */
export const SCENE_PREVIEW_RATE_LIMIT = { limit: 120, windowMs: 60 * 1000 } as const;
/**
 * Scene previews drawn for all visitors together (answers from the cache aside), across every
 * server with REDIS_URL: two a second on average, a tenth of one core at most.
 */
export const VISITOR_PREVIEW_BUDGET = { limit: 20, windowMs: 10 * 1000 } as const;

/**
 * Full-size files and archives one user may download at once (per server process), and how
 * long a download may wait on a client that takes nothing before it is dropped.
 */
export const DOWNLOAD_LIMITS: { perUser: number; idleMs: number } = {
  perUser: 8,
  idleMs: 30_000,
};

function onSandbox(sandbox: SandboxProvider): Container["payments"] {
  return { provider: sandbox, sandbox, stripeWebhooks: null };
}

export function createContainer(env: Env, overrides: ContainerOverrides = {}): Container {
  const closing = new AbortController();
  // Every open event stream listens for the close, and a busy server holds more than ten.
  setMaxListeners(0, closing.signal);
  const core = createJobCore(env, overrides);
  const { clock, logger, database, storage, bucket, tokenLedger, jobs } = core;

  const repositories = {
    support: createSupportRepository(database.db),
    mailOutbox: createMailOutboxRepository(database.db),
    userProfiles: createUserProfilesRepository(database.db),
    identity: createIdentityRepository(database.db),
    tokenLedger: core.repositories.tokenLedger,
    billing: createBillingRepository(database),
    sandboxPayments: createSandboxPaymentsRepository(database.db),
    generations: core.repositories.generations,
    accountData: createAccountDataRepository(database),
  };
  const mailer =
    overrides.mailer ??
    (env.smtpUrl
      ? createSmtpMailer({ url: env.smtpUrl, from: env.mailFrom })
      : createOutboxMailer(repositories.mailOutbox, clock));

  const accounts = createAccountsService({
    profiles: repositories.userProfiles,
    identity: repositories.identity,
    clock,
  });
  const billingEvents = createBillingEventsService({
    repository: repositories.billing,
    ledger: tokenLedger,
    clock,
  });
  const stripe = env.stripe
    ? createStripePayments({
        config: env.stripe,
        stripe: overrides.stripe ?? createStripeClient(env.stripe),
        billing: repositories.billing,
        profiles: repositories.userProfiles,
        events: billingEvents,
        clock,
        logger,
        appUrl: env.appUrl,
      })
    : null;
  const payments: Container["payments"] = stripe
    ? { provider: stripe.provider, sandbox: null, stripeWebhooks: stripe.webhooks }
    : onSandbox(
        createSandboxProvider({
          repository: repositories.sandboxPayments,
          events: billingEvents,
          clock,
          appUrl: env.appUrl,
        }),
      );
  // Its own connection: a limit must answer at once, never queue behind Redis reconnecting.
  const rateLimitRedis = env.redisUrl
    ? createRedisConnector(
        env.redisUrl,
        logger,
      )({
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
      })
    : null;
  const rateLimits = createRateLimits({
    clock,
    logger,
    ...(rateLimitRedis
      ? { redis: { connection: rateLimitRedis, prefix: env.jobs.queuePrefix } }
      : {}),
  });
  const identity = createIdentity({
    env,
    database,
    mailer,
    logger,
    clock,
    rateLimits,
    secret: resolveAuthSecret(env, logger),
    accounts,
    users: repositories.identity,
  });

  const visitorPreviewBudget = rateLimits.limiter("scene-preview-visitors", VISITOR_PREVIEW_BUDGET);
  const previewSubjects = ownUploadCutout(repositories.generations, storage);
  const uploadAllowance = createUploadAllowance({
    records: repositories.generations.records,
    profiles: repositories.userProfiles,
    quota: env.storageQuota,
  });
  const generations = createGenerationsService({
    allowance: uploadAllowance,
    repository: repositories.generations,
    profiles: repositories.userProfiles,
    ledger: tokenLedger,
    storage,
    urls: createFileUrls(env.appUrl),
    driver: jobs.driver,
    runner: jobs.runner,
    events: jobs.events,
    engine: jobs.engine,
    clock,
    logger,
    storedKeys: jobs.storedKeys,
    credentials: jobs.credentials,
  });

  return {
    env,
    database,
    mailer,
    clock,
    logger,
    rateLimits,
    rateLimiter: rateLimits.limiter("support", env.supportRateLimit),
    authRateLimiter: rateLimits.limiter("user-by-email", env.authRateLimit),
    uploadRateLimiter: rateLimits.limiter("upload", env.uploadRateLimit),
    checkoutRateLimiter: rateLimits.limiter("checkout", CHECKOUT_RATE_LIMIT),
    previewRateLimiter: rateLimits.limiter("scene-preview", SCENE_PREVIEW_RATE_LIMIT),
    visitorPreviewBudget,
    repositories,
    services: {
      support: createSupportService({
        repository: repositories.support,
        mailer,
        clock,
        logger,
        supportEmail: env.supportEmail,
      }),
      health: createHealthService({
        db: database.db,
        ...(jobs.driver.ping ? { pingQueue: jobs.driver.ping } : {}),
        storage: bucket
          ? { kind: "bucket", ping: bucket.ping }
          : { kind: "disk", filesDir: env.filesDir, minFreeBytes: env.minFreeDiskBytes },
        clock,
      }),
      accounts,
      tokenLedger,
      billingEvents,
      billing: createBillingService({
        provider: payments.provider,
        profiles: repositories.userProfiles,
        clock,
      }),
      devMailbox: createDevMailbox(repositories.mailOutbox),
      generations,
      uploadAllowance,
      scenePreviews: createScenePreviewService({
        engine: jobs.engine,
        subjectOf: previewSubjects,
        visitorBudget: visitorPreviewBudget,
        paidWorkRunning: core.engineBusy,
        ...(overrides.previewGate ? { gate: overrides.previewGate } : {}),
      }),
      accountExport: createAccountExportService({
        repository: repositories.accountData,
        storage,
        clock,
        logger,
      }),
      accountDeletion: createAccountDeletionService({
        repository: repositories.accountData,
        profiles: repositories.userProfiles,
        provider: payments.provider,
        storedKeys: jobs.storedKeys,
        sessions: identity,
        clock,
        logger,
      }),
    },
    storage,
    downloads: {
      slots: createDownloadSlots(overrides.downloads?.perUser ?? DOWNLOAD_LIMITS.perUser),
      idleMs: overrides.downloads?.idleMs ?? DOWNLOAD_LIMITS.idleMs,
    },
    jobs,
    payments,
    identity,
    webDistDir: overrides.webDistDir ?? WEB_DIST_DIR,
    closing,
    async close() {
      closing.abort();
      rateLimitRedis?.disconnect();
      await core.close();
    },
  };
}
