import { Queue, Worker } from "bullmq";
import { describeError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { isReady, type RedisConnector } from "../lib/redis-connection.ts";
import { withTimeout } from "../lib/timeout.ts";
import { type DispatchOrder, type JobDriver, startSweeping, sweepOrphans } from "./job-driver.ts";
import type { JobHandler } from "./job-handler.ts";

export const JOB_QUEUE_NAME = "image-jobs";

export type BullmqSettings = { connect: RedisConnector; prefix: string };

/** BullMQ's priorities run from 1 (first) to 2^21 − 1; a background job comes after any place. */
const BACKGROUND_PRIORITY = 2 ** 21 - 1;

/** BullMQ takes lower priorities first (and jobs without one before all: ours all have one). */
function bullmqPriority({ background = false, place = 0 }: DispatchOrder): number {
  return background ? BACKGROUND_PRIORITY : Math.min(BACKGROUND_PRIORITY - 1, place + 1);
}

/** A hand-over that Redis has not confirmed by then has failed (the sweep retries it). */
export const DISPATCH_TIMEOUT_MS = 3_000;

/**
 * Jobs go to Redis and worker processes (`npm run worker`) run them. The database stays the
 * truth: Redis only carries the job's id, and a job lost from Redis is found by the sweep.
 */
export function createBullmqDriver(settings: BullmqSettings): JobDriver {
  // Requests hand jobs over: with Redis down they must fail at once, not wait for it.
  const connection = settings.connect({ maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const queue = new Queue(JOB_QUEUE_NAME, { connection, prefix: settings.prefix });
  // BullMQ re-emits the connection's errors; the connection already reports them.
  queue.on("error", () => {});
  return {
    id: "bullmq",
    accepting: () => isReady(connection, DISPATCH_TIMEOUT_MS),
    async dispatch(jobId, order = {}) {
      // Removed once done, so a job handed over again after a crash is accepted anew;
      // while it waits, the same id makes a second hand-over a no-op.
      const added = queue.add(
        "run",
        { jobId },
        {
          jobId,
          removeOnComplete: true,
          removeOnFail: true,
          attempts: 1,
          priority: bullmqPriority(order),
        },
      );
      await withTimeout(added, DISPATCH_TIMEOUT_MS, "Redis did not take the job in time");
    },
    async ping() {
      if (!(await isReady(connection, DISPATCH_TIMEOUT_MS))) {
        throw new Error("Redis is not connected");
      }
      await withTimeout(connection.ping(), DISPATCH_TIMEOUT_MS, "Redis did not answer in time");
    },
    async close() {
      await queue.close().catch(() => {});
      connection.disconnect();
    },
  };
}

export type BullmqWorker = { close(): Promise<void> };

/** A worker process's loop: takes jobs from Redis, and sweeps the database for orphans. */
export function startBullmqWorker({
  settings,
  runner,
  driver,
  concurrency,
  sweepIntervalMs,
  logger,
}: {
  settings: BullmqSettings;
  runner: JobHandler;
  driver: JobDriver;
  concurrency: number;
  sweepIntervalMs: number;
  logger: Logger;
}): BullmqWorker {
  // A worker's blocking commands need ioredis to retry forever rather than give up.
  const connection = settings.connect({ maxRetriesPerRequest: null });
  const worker = new Worker<{ jobId: string }>(
    JOB_QUEUE_NAME,
    async (job) => {
      await runner.run(job.data.jobId);
    },
    { connection, prefix: settings.prefix, concurrency },
  );
  // Connection trouble is reported by the connection, one line per wait; the rest here.
  let lastError = "";
  worker.on("error", (error) => {
    const reason = describeError(error);
    if (connection.status !== "ready" || reason === lastError) return;
    lastError = reason;
    logger.error("Job worker error", { error });
  });
  const stopSweeping = startSweeping(() => sweepOrphans(runner, driver, logger), sweepIntervalMs);
  return {
    async close() {
      stopSweeping();
      await worker.close();
      connection.disconnect();
    },
  };
}
