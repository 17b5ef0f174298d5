import type { Env } from "./config/index.ts";
import { createEngine, type FalTransport } from "./engines/create-engine.ts";
import { trackEngineActivity } from "./engines/engine-activity.ts";
import type { ImageEngine } from "./engines/image-engine.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { createPinoLogger, type Logger } from "./lib/logger.ts";
import {
  createDatabase,
  type DatabaseConfig,
  type DatabaseHandle,
  databaseConfigFor,
} from "./repositories/database.ts";
import {
  createGenerationsRepository,
  type GenerationsRepository,
} from "./repositories/generations.repository.ts";
import {
  createTokenLedgerRepository,
  type TokenLedgerRepository,
} from "./repositories/token-ledger.repository.ts";
import { createJobs, type Jobs, type JobsOptions } from "./services/generations/create-jobs.ts";
import {
  createTokenLedgerService,
  type TokenLedgerService,
} from "./services/token-ledger.service.ts";
import { createDiskStorage } from "./storage/disk.storage.ts";
import type { FileStorage } from "./storage/file-storage.ts";
import { createS3Storage, type S3Storage } from "./storage/s3.storage.ts";

export type JobCoreOverrides = {
  /** A config to open, or an open handle that the caller keeps owning. */
  database?: DatabaseConfig | DatabaseHandle;
  clock?: Clock;
  logger?: Logger;
  /** The image engine instead of the configured one (tests hand in one they control). */
  engine?: ImageEngine;
  /** Where the configured fal engine sends its requests (tests: the fal emulator). */
  falTransport?: FalTransport;
  storage?: FileStorage;
  /** Job timings instead of the defaults (tests shorten leases and time limits). */
  jobs?: JobsOptions;
};

/**
 * What running jobs takes, and all a worker process (`npm run worker`) builds: the database,
 * the files, the token ledger, the engine and the jobs. The server builds the rest on it.
 */
export type JobCore = {
  clock: Clock;
  logger: Logger;
  database: DatabaseHandle;
  storage: FileStorage;
  /** The S3 storage, when S3_BUCKET puts the files there (the health check asks it). */
  bucket: S3Storage | null;
  repositories: { tokenLedger: TokenLedgerRepository; generations: GenerationsRepository };
  tokenLedger: TokenLedgerService;
  jobs: Jobs;
  /** Whether the engine is doing a job's work in this process now (previews stand aside). */
  engineBusy(): boolean;
  /** Hands running jobs back and releases what was opened here. */
  close(): Promise<void>;
};

function isHandle(database: DatabaseConfig | DatabaseHandle): database is DatabaseHandle {
  return "db" in database;
}

export function createJobCore(env: Env, overrides: JobCoreOverrides = {}): JobCore {
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? createPinoLogger({ level: env.logLevel });
  const requested = overrides.database ?? databaseConfigFor(env);
  const ownsDatabase = !isHandle(requested);
  const database = isHandle(requested) ? requested : createDatabase(requested);
  const repositories = {
    tokenLedger: createTokenLedgerRepository(database),
    generations: createGenerationsRepository(database),
  };
  // S3_BUCKET puts the images in a bucket; otherwise they stay on disk under FILES_DIR.
  const bucket = overrides.storage || !env.s3 ? null : createS3Storage(env.s3);
  const storage = overrides.storage ?? bucket ?? createDiskStorage(env.filesDir);
  const tokenLedger = createTokenLedgerService({ repository: repositories.tokenLedger, clock });
  const activity = trackEngineActivity(
    overrides.engine ?? createEngine(env, overrides.falTransport),
  );
  const jobs = createJobs({
    env,
    engine: activity.engine,
    repository: repositories.generations,
    storage,
    ledger: tokenLedger,
    clock,
    logger,
    ...(overrides.jobs ? { options: overrides.jobs } : {}),
  });
  return {
    clock,
    logger,
    database,
    storage,
    bucket,
    repositories,
    tokenLedger,
    jobs,
    engineBusy: activity.busy,
    async close() {
      await jobs.close();
      bucket?.close();
      if (ownsDatabase) await database.db.destroy();
    },
  };
}
