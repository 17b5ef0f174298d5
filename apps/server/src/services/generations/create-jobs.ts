import type { Env } from "../../config/index.ts";
import type { ImageEngine } from "../../engines/image-engine.ts";
import {
  type BullmqWorker,
  createBullmqDriver,
  startBullmqWorker,
} from "../../jobs/bullmq.driver.ts";
import { createInlineDriver, type InlineDriver } from "../../jobs/inline.driver.ts";
import {
  expireOverdueJobs,
  type JobDriver,
  orderOf,
  startSweeping,
} from "../../jobs/job-driver.ts";
import {
  createLocalRecordEvents,
  createRedisRecordEvents,
  type RecordEvents,
} from "../../jobs/record-events.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { createRedisConnector } from "../../lib/redis-connection.ts";
import { withTimeout } from "../../lib/timeout.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { ImageJob } from "../../repositories/image-jobs.repository.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { TokenLedgerService } from "../token-ledger.service.ts";
import {
  type ContentCredentials,
  createContentCredentials,
} from "./records/content-credentials.ts";
import { loadSigningIdentity } from "./records/signing-identity.ts";
import { createStoredKeys, type StoredKeys } from "./records/stored-keys.ts";
import { createJobRunner, type JobRunner } from "./runner/job-runner.ts";
import type { JobTimings } from "./runner/job-timings.ts";

export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_SWEEP_INTERVAL_MS = 15_000;
export const DEFAULT_MAX_ATTEMPTS = 2;

export type JobsOptions = Partial<JobTimings> & {
  sweepIntervalMs?: number;
  /** Instead of JOB_SHUTDOWN_GRACE_SECONDS. */
  shutdownGraceMs?: number;
  /** The first retry of a stored file storage would not remove (see records/stored-keys.ts). */
  removalRetryMs?: number;
};

export type Jobs = {
  engine: ImageEngine;
  runner: JobRunner;
  driver: JobDriver;
  events: RecordEvents;
  /** The inline driver, when jobs run in this process. */
  inline: InlineDriver | null;
  /** Stored files removed so that none is forgotten; swept wherever jobs or the server run. */
  storedKeys: StoredKeys;
  /** Signs the Content Credentials of the files jobs make and downloads convert. */
  credentials: ContentCredentials;
  /** Starts running jobs in this process: the inline driver, or (`npm run worker`) a BullMQ worker. */
  start(): void;
  /**
   * The server's share: with the inline driver it runs the jobs; with BullMQ the workers do,
   * and the server only ends, with a refund, jobs that waited too long (Redis down, no worker).
   */
  startServer(): void;
  /**
   * Stops taking jobs; those running get the shutdown grace to finish, then are handed back
   * to the line (and, through Redis, to another worker at once).
   */
  close(): Promise<void>;
};

async function redispatch(driver: JobDriver, jobs: ImageJob[], logger: Logger): Promise<void> {
  for (const job of jobs) {
    // One not taken is found by the next sweep of any worker.
    await driver.dispatch(job.id, orderOf(job)).catch((error: unknown) => {
      logger.warn("Handed-back job left for the sweep", { jobId: job.id, error });
    });
  }
}

/** The job runner with the driver and change events the configuration picks (`REDIS_URL`). */
export function createJobs(deps: {
  env: Env;
  engine: ImageEngine;
  repository: GenerationsRepository;
  storage: FileStorage;
  ledger: TokenLedgerService;
  clock: Clock;
  logger: Logger;
  options?: JobsOptions;
}): Jobs {
  const { env, logger, options = {} } = deps;
  const redis = env.redisUrl
    ? { connect: createRedisConnector(env.redisUrl, logger), prefix: env.jobs.queuePrefix }
    : null;
  const events = redis
    ? createRedisRecordEvents(redis.connect, `${redis.prefix}:record-changes`)
    : createLocalRecordEvents();
  const storedKeys = createStoredKeys({
    repository: deps.repository,
    storage: deps.storage,
    clock: deps.clock,
    logger,
    ...(options.removalRetryMs !== undefined ? { retryMs: options.removalRetryMs } : {}),
  });
  const credentials = createContentCredentials(() => loadSigningIdentity(env, logger));
  const runner = createJobRunner({
    ...deps,
    storedKeys,
    credentials,
    events,
    timings: {
      timeLimitMs: options.timeLimitMs ?? env.jobs.timeLimitMs,
      queueWaitLimitMs: options.queueWaitLimitMs ?? env.jobs.queueWaitLimitMs,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    },
  });
  const sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  const inline = redis
    ? null
    : createInlineDriver({ runner, concurrency: env.jobs.concurrency, sweepIntervalMs, logger });
  const driver: JobDriver = inline ?? createBullmqDriver(redis as NonNullable<typeof redis>);
  let worker: BullmqWorker | null = null;
  let stopExpiring: (() => void) | null = null;
  let stopRemoving: (() => void) | null = null;
  /** At start and then with the jobs' sweep: files whose removal failed are tried again. */
  const sweepRemovals = () => {
    stopRemoving ??= startSweeping(async () => {
      try {
        await storedKeys.sweep();
      } catch (error) {
        logger.error("Could not retry removing stored files", { error });
      }
    }, sweepIntervalMs);
  };

  return {
    engine: deps.engine,
    runner,
    driver,
    events,
    inline,
    storedKeys,
    credentials,
    start() {
      sweepRemovals();
      if (inline) return inline.start();
      if (worker || !redis) return;
      worker = startBullmqWorker({
        settings: redis,
        runner,
        driver,
        concurrency: env.jobs.concurrency,
        sweepIntervalMs,
        logger,
      });
    },
    startServer() {
      sweepRemovals();
      if (inline) return inline.start();
      stopExpiring ??= startSweeping(() => expireOverdueJobs(runner, logger), sweepIntervalMs);
    },
    async close() {
      stopExpiring?.();
      stopRemoving?.();
      const stopped = worker ? worker.close() : (inline?.close() ?? Promise.resolve());
      const graceMs = options.shutdownGraceMs ?? env.jobs.shutdownGraceMs;
      const finished = await withTimeout(stopped, graceMs, "Shutdown grace over").then(
        () => true,
        () => false,
      );
      if (!finished) {
        const handedBack = await runner.handBack();
        await stopped;
        // Inline, the next start's sweep resumes them; through Redis, another worker now.
        if (worker) await redispatch(driver, handedBack, logger);
      }
      await driver.close();
      await events.close();
      await deps.engine.close?.();
    },
  };
}
