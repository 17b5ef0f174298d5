import type { ImageEngine } from "../../../engines/image-engine.ts";
import type { RecordEvents } from "../../../jobs/record-events.ts";
import type { Clock } from "../../../lib/clock.ts";
import { withLogContext } from "../../../lib/log-context.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import type { TokenLedgerService } from "../../token-ledger.service.ts";
import type { ContentCredentials } from "../records/content-credentials.ts";
import { createKeptScenes } from "../records/kept-scenes.ts";
import type { StoredKeys } from "../records/stored-keys.ts";
import { createUploadCutouts } from "../uploads/upload-cutouts.ts";
import { createJobAttempts } from "./job-attempts.ts";
import { createJobCutouts } from "./job-cutouts.ts";
import { createJobEndings } from "./job-endings.ts";
import { abandonedFailure, queueWaitFailure } from "./job-failures.ts";
import { createJobResults } from "./job-results.ts";
import { createJobSources } from "./job-sources.ts";
import type { JobTimings } from "./job-timings.ts";
import { runKind } from "./kinds/run-kind.ts";

export type JobRunnerDeps = {
  repository: GenerationsRepository;
  storage: FileStorage;
  engine: ImageEngine;
  ledger: TokenLedgerService;
  events: RecordEvents;
  clock: Clock;
  logger: Logger;
  timings: JobTimings;
  /** Removes what a job stored but may not keep, retried until storage confirms it. */
  storedKeys: StoredKeys;
  /** Signs the Content Credentials of every file a job makes. */
  credentials: ContentCredentials;
};

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Runs one job from its row to its end: claimed, attempted (job-attempts.ts) with its kind's
 * engine call (kinds/), then completed or failed, refunded as the rules say (job-endings.ts).
 */
export function createJobRunner(deps: JobRunnerDeps) {
  const { repository, storage, engine, events, clock, logger, timings } = deps;
  const keptScenes = createKeptScenes(storage);
  const uploadCutouts = createUploadCutouts({ repository, storage });
  const sources = createJobSources({ repository, storage, keptScenes, logger });
  const cutouts = createJobCutouts({ ...deps, uploadCutouts, runJob: run });
  const results = createJobResults({
    storage,
    keptScenes,
    uploadCutouts,
    logger,
    keptOfSource: sources.keptOf,
  });
  const endings = createJobEndings({ ...deps, results, cutouts });
  const tools = { engine, cutouts, keptOfSource: sources.keptOf };
  const attempts = createJobAttempts({
    repository,
    clock,
    logger,
    timings,
    sources,
    endings,
    runKind: (job, source, ctx) => runKind(tools, job, source, ctx),
    announce,
  });

  function announce(job: ImageJob): void {
    events.publish({ userId: job.userId, recordId: job.recordId, jobId: job.id });
  }

  async function runClaimed(jobId: string, within?: AbortSignal): Promise<void> {
    const now = clock.now();
    const job = await repository.jobs.claim(jobId, now, now + timings.leaseMs);
    if (!job) return;
    if (job.attempts > timings.maxAttempts) {
      await endings.fail(job, job.attempts, abandonedFailure(job.kind));
    } else if (job.attempts === 1 && now - job.createdAt > timings.queueWaitLimitMs) {
      await endings.fail(job, job.attempts, queueWaitFailure(job.kind));
    } else if (job.kind !== "cutout" || !(await cutouts.endIfAlreadyMade(job))) {
      await attempts.attempt(job, within);
    }
    announce(job);
  }

  /**
   * Runs the job if nobody else is running it and it has not ended; resolves when done.
   * Every line logged meanwhile, however deep, carries the job's id. Run inside another job's
   * attempt (`within`), it stops when that one does: handed back with it, or cut off.
   */
  function run(jobId: string, within?: AbortSignal): Promise<void> {
    return withLogContext({ jobId }, () => runClaimed(jobId, within));
  }

  return {
    run,

    /** Ends a job that lost its workers too often; true when this call ended it. */
    async abandon(job: ImageJob): Promise<boolean> {
      const ended = await endings.fail(job, job.attempts, abandonedFailure(job.kind));
      if (ended) announce(job);
      return ended;
    },

    /**
     * Fails, with a refund, the jobs that waited in line too long without starting (the queue
     * was down, or no worker ran): needs only the database. Answers how many it ended.
     */
    async expireOverdue(limit = 100): Promise<number> {
      const overdue = await repository.jobs.queuedSince(
        clock.now() - timings.queueWaitLimitMs,
        limit,
      );
      let ended = 0;
      for (const job of overdue) {
        // Attempt 0: only while no worker has claimed it meanwhile.
        if (await endings.fail(job, 0, queueWaitFailure(job.kind))) {
          ended += 1;
          announce(job);
        }
      }
      return ended;
    },

    /** Jobs nobody works on, for the sweep to resume or end. */
    orphans(limit = 100): Promise<ImageJob[]> {
      return repository.jobs.orphans(clock.now(), limit);
    },

    /**
     * Stops the attempts running in this process and gives their jobs back to the line (a
     * shutdown); answers those jobs, for the caller to hand to another worker at once.
     */
    handBack: attempts.handBack,

    timings,
  };
}
