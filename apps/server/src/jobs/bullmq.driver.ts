import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "../lib/logger.ts";
import { type JobDriver, startSweeping, sweepOrphans } from "./job-driver.ts";
import type { JobRunner } from "./job-runner.ts";

export const JOB_QUEUE_NAME = "image-jobs";

export type BullmqSettings = { redisUrl: string; prefix: string };

function workerConnection(redisUrl: string): Redis {
  // A worker's blocking commands need ioredis to retry forever rather than give up.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  connection.on("error", () => {});
  return connection;
}

/**
 * Jobs go to Redis and worker processes (`npm run worker`) run them. The database stays the
 * truth: Redis only carries the job's id, and a job lost from Redis is found by the sweep.
 */
export function createBullmqDriver(settings: BullmqSettings): JobDriver {
  // Requests hand jobs over: with Redis down they must fail soon, not wait forever.
  const connection = new Redis(settings.redisUrl, { maxRetriesPerRequest: 1 });
  connection.on("error", () => {});
  const queue = new Queue(JOB_QUEUE_NAME, { connection, prefix: settings.prefix });
  return {
    id: "bullmq",
    async dispatch(jobId) {
      // Removed once done, so a job handed over again after a crash is accepted anew;
      // while it waits, the same id makes a second hand-over a no-op.
      await queue.add(
        "run",
        { jobId },
        { jobId, removeOnComplete: true, removeOnFail: true, attempts: 1 },
      );
    },
    async close() {
      await queue.close();
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
  runner: JobRunner;
  driver: JobDriver;
  concurrency: number;
  sweepIntervalMs: number;
  logger: Logger;
}): BullmqWorker {
  const connection = workerConnection(settings.redisUrl);
  const worker = new Worker<{ jobId: string }>(
    JOB_QUEUE_NAME,
    async (job) => {
      await runner.run(job.data.jobId);
    },
    { connection, prefix: settings.prefix, concurrency },
  );
  worker.on("error", (error) => logger.error("Job worker error", { error }));
  const stopSweeping = startSweeping(
    () => sweepOrphans(runner, (jobId) => driver.dispatch(jobId), logger),
    sweepIntervalMs,
  );
  return {
    async close() {
      stopSweeping();
      await worker.close();
      connection.disconnect();
    },
  };
}
