import { randomUUID } from "node:crypto";
import {
  EngineError,
  type EngineImage,
  type EngineResult,
  type ImageEngine,
  type JobContext,
} from "../../engines/image-engine.ts";
import type { RecordEvents } from "../../jobs/record-events.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { ImageJob } from "../../repositories/image-jobs.repository.ts";
import type { StoredFile } from "../../repositories/image-records.repository.ts";
import type { StoredFileKind } from "../../repositories/schema.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { TokenLedgerService } from "../token-ledger.service.ts";
import { storageKeyFor } from "./file-urls.ts";
import { abandonedFailure, type JobFailure, jobFailure, queueWaitFailure } from "./job-failures.ts";
import { jobInput } from "./job-inputs.ts";
import { createJobReporter } from "./job-reports.ts";
import { createKeptScenes } from "./kept-scenes.ts";

export type JobTimings = {
  /**
   * How long one attempt of a job may run, counted from when a worker starts it: past it, the
   * job fails with the time-out message. Waiting in line does not count.
   */
  timeLimitMs: number;
  /** How long a job may wait for its first start; past it, it fails unstarted (refunded). */
  queueWaitLimitMs: number;
  /** How long a worker's claim lasts without renewal; a crashed worker's job is free after it. */
  leaseMs: number;
  /** Attempts before a job that keeps losing its worker is failed (and refunded per plan). */
  maxAttempts: number;
};

export type JobRunnerDeps = {
  repository: GenerationsRepository;
  storage: FileStorage;
  engine: ImageEngine;
  ledger: TokenLedgerService;
  events: RecordEvents;
  clock: Clock;
  logger: Logger;
  timings: JobTimings;
};

const RESULT_KIND: Record<ImageJob["kind"], StoredFileKind> = {
  generate: "processed",
  upscale: "upscaled",
  edit: "edited",
};

export type JobRunner = ReturnType<typeof createJobRunner>;

/** Runs one job from its row to its end: engine, stored result, record, refund. */
export function createJobRunner(deps: JobRunnerDeps) {
  const { repository, storage, engine, events, clock, logger, timings } = deps;
  const keptScenes = createKeptScenes(storage);

  function announce(job: ImageJob): void {
    events.publish({ userId: job.userId, recordId: job.recordId, jobId: job.id });
  }

  async function loadSource(job: ImageJob): Promise<EngineImage> {
    const file = await repository.records.findFile(job.sourceFileId);
    const bytes = file ? await storage.get(file.storageKey) : null;
    if (!file || !bytes) throw new Error(`The source image of job ${job.id} is missing`);
    return { bytes, contentType: file.contentType, width: file.width, height: file.height };
  }

  /** The scene the engine kept with the job's source image, if any; a lost one is no failure. */
  async function keptOfSource(job: ImageJob) {
    try {
      const file = await repository.records.findFile(job.sourceFileId);
      return file ? await keptScenes.load(file) : undefined;
    } catch (error) {
      logger.warn("Kept scene not read", { jobId: job.id, error });
      return undefined;
    }
  }

  async function callEngine(
    job: ImageJob,
    image: EngineImage,
    ctx: JobContext,
  ): Promise<EngineResult> {
    switch (job.kind) {
      case "generate":
        return engine.generate({ image, ...jobInput("generate", job.input) }, ctx);
      case "upscale":
        return engine.upscale({ image, options: jobInput("upscale", job.input).options }, ctx);
      case "edit": {
        const kept = await keptOfSource(job);
        const { prompt } = jobInput("edit", job.input);
        return engine.edit({ image, prompt, ...(kept ? { kept } : {}) }, ctx);
      }
    }
  }

  /**
   * Keeps the scene beside the result: the engine's own, or for an upscale its source's (the
   * same picture, larger; an edit renders it again at the cut-out's size and enlarges it).
   */
  async function keepScene(job: ImageJob, result: EngineResult, file: StoredFile) {
    const kept = result.keep ?? (job.kind === "upscale" ? await keptOfSource(job) : undefined);
    if (!kept) return;
    await keptScenes.save(file, kept).catch(async (error: unknown) => {
      // The result stands without it: its edits then work on its pixels.
      logger.warn("Kept scene not saved", { jobId: job.id, error });
      await keptScenes.delete(file).catch(() => {});
    });
  }

  async function complete(job: ImageJob, result: EngineResult): Promise<void> {
    const file: StoredFile = {
      id: randomUUID(),
      userId: job.userId,
      recordId: job.recordId,
      kind: RESULT_KIND[job.kind],
      storageKey: "",
      contentType: result.contentType,
      byteSize: result.bytes.length,
      width: result.width,
      height: result.height,
      createdAt: clock.now(),
    };
    file.storageKey = storageKeyFor(file);
    await storage.put(file.storageKey, result.bytes);
    await keepScene(job, result, file);
    const recorded = repository.transaction(async (tx) => {
      const now = clock.now();
      if (
        !(await tx.jobs.finish(
          job.id,
          job.attempts,
          { status: "completed", resultFileId: file.id },
          now,
        ))
      ) {
        return false;
      }
      await tx.records.insertFile(file);
      await tx.records.updateRecord(
        job.recordId,
        {
          status: "completed",
          stage: null,
          progress: null,
          error: null,
          ...(job.kind === "generate" ? { processedFileId: file.id } : {}),
          ...(job.kind === "upscale" ? { upscaledFileId: file.id } : {}),
        },
        now,
      );
      return true;
    });
    const discard = async () => {
      await storage.delete(file.storageKey);
      await keptScenes.delete(file);
    };
    const finished = await recorded.catch(async (error: unknown) => {
      await discard();
      throw error;
    });
    if (!finished) await discard();
  }

  /**
   * Fails the job once. Its tokens come back when the platform failed it, and for failures
   * caused by the input when the plan it was accepted on refunds them.
   */
  async function fail(
    job: ImageJob,
    attempt: number | null,
    { message, cause }: JobFailure,
  ): Promise<boolean> {
    return repository.transaction(async (tx) => {
      const now = clock.now();
      if (!(await tx.jobs.finish(job.id, attempt, { status: "failed", error: message }, now))) {
        return false;
      }
      await tx.records.updateRecord(
        job.recordId,
        { status: "failed", stage: null, progress: null, error: message },
        now,
      );
      if (cause === "platform" || job.refundOnFailure) {
        await deps.ledger.within(tx.ledger).refund(job.userId, job.debitKey, `job:${job.id}`);
      }
      return true;
    });
  }

  /**
   * The engine's answer, or a time-out once the signal fires, whether or not the engine stops.
   * The engine is not called at all once the signal has fired; once called, its promise always
   * has a handler, so a late rejection never goes unhandled.
   */
  function withinTimeLimit<T>(start: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new EngineError("timeout", "The job's time limit ran out"));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      let work: Promise<T>;
      try {
        work = start();
      } catch (error) {
        work = Promise.reject(error);
      }
      work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  async function attempt(job: ImageJob): Promise<void> {
    const controller = new AbortController();
    const limit = setTimeout(() => controller.abort(), timings.timeLimitMs);
    const heartbeat = setInterval(
      () => {
        void repository.jobs
          .renewLease(job.id, job.attempts, clock.now() + timings.leaseMs)
          .then((ours) => {
            if (!ours) controller.abort();
          })
          .catch(() => {});
      },
      Math.max(10, Math.floor(timings.leaseMs / 3)),
    );
    const reports = createJobReporter({
      job,
      repository,
      clock,
      logger,
      announce: () => announce(job),
    });
    // Past the time limit or a lost lease the engine may still report; nothing is written then.
    controller.signal.addEventListener("abort", () => reports.stop(), { once: true });
    try {
      await repository.records.updateRecord(
        job.recordId,
        { status: "processing", progress: null },
        clock.now(),
      );
      reports.reportStage("preparing");
      const source = await loadSource(job);
      const ctx: JobContext = {
        signal: controller.signal,
        reportStage: reports.reportStage,
        reportProgress: reports.reportProgress,
      };
      const result = await withinTimeLimit(() => callEngine(job, source, ctx), controller.signal);
      reports.reportStage("saving");
      reports.stop();
      await reports.settled();
      await complete(job, result);
    } catch (error) {
      reports.stop();
      await reports.settled();
      const failure = jobFailure(job.kind, error);
      logger.warn("Job failed", { jobId: job.id, kind: job.kind, cause: failure.cause, error });
      await fail(job, job.attempts, failure);
    } finally {
      clearTimeout(limit);
      clearInterval(heartbeat);
    }
  }

  return {
    /** Runs the job if nobody else is running it and it has not ended; resolves when done. */
    async run(jobId: string): Promise<void> {
      const now = clock.now();
      const job = await repository.jobs.claim(jobId, now, now + timings.leaseMs);
      if (!job) return;
      if (job.attempts > timings.maxAttempts) {
        await fail(job, job.attempts, abandonedFailure(job.kind));
      } else if (job.attempts === 1 && now - job.createdAt > timings.queueWaitLimitMs) {
        await fail(job, job.attempts, queueWaitFailure(job.kind));
      } else {
        await attempt(job);
      }
      announce(job);
    },

    /** Ends a job that lost its workers too often; true when this call ended it. */
    async abandon(job: ImageJob): Promise<boolean> {
      const ended = await fail(job, job.attempts, abandonedFailure(job.kind));
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
        if (await fail(job, 0, queueWaitFailure(job.kind))) {
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

    timings,
  };
}
