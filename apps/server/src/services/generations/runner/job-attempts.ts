import { EngineError, type JobContext } from "../../../engines/image-engine.ts";
import type { Clock } from "../../../lib/clock.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import { isBackgroundJob } from "../../../repositories/schema.ts";
import type { JobEndings } from "./job-endings.ts";
import { jobFailure } from "./job-failures.ts";
import { createJobReporter } from "./job-reports.ts";
import type { JobSources } from "./job-sources.ts";
import type { JobTimings } from "./job-timings.ts";
import type { JobRun, JobSource } from "./kinds/job-kind.ts";
import { createRunningAttempts } from "./running-attempts.ts";

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

export type JobAttempts = ReturnType<typeof createJobAttempts>;

/**
 * The attempts at jobs this process runs: each within the job's time limit and while its lease
 * is renewed, reporting its stages, and ending its job, or handing it back at a shutdown.
 */
export function createJobAttempts(deps: {
  repository: GenerationsRepository;
  clock: Clock;
  logger: Logger;
  timings: Pick<JobTimings, "timeLimitMs" | "leaseMs">;
  sources: Pick<JobSources, "load">;
  endings: JobEndings;
  /** The engine's work for the job (its kind's call). */
  runKind(job: ImageJob, source: JobSource, ctx: JobContext): Promise<JobRun>;
  /** Tells those watching the job's record that it changed. */
  announce(job: ImageJob): void;
}) {
  const { repository, clock, logger, timings, endings } = deps;
  const running = createRunningAttempts();
  let handedBack: ImageJob[] = [];

  /** Back to the line as if never started; the record shows it waiting again. */
  async function giveBack(job: ImageJob): Promise<void> {
    const now = clock.now();
    if (!(await repository.jobs.release(job.id, job.attempts, now))) return;
    handedBack.push(job);
    if (!isBackgroundJob(job.kind)) {
      await repository.records.updateRecord(
        job.recordId,
        { status: "queued", stage: null, progress: null },
        now,
      );
    }
    logger.info("Job handed back", { kind: job.kind });
  }

  async function attemptWith(job: ImageJob, controller: AbortController): Promise<void> {
    const started = clock.now();
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
    const background = isBackgroundJob(job.kind);
    const reports = createJobReporter({
      job,
      repository,
      clock,
      logger,
      announce: () => deps.announce(job),
      onRecord: !background,
    });
    // Past the time limit or a lost lease the engine may still report; nothing is written then.
    controller.signal.addEventListener("abort", () => reports.stop(), { once: true });
    try {
      if (!background) {
        await repository.records.updateRecord(
          job.recordId,
          { status: "processing", progress: null },
          clock.now(),
        );
      }
      reports.reportStage("preparing");
      const source = await deps.sources.load(job);
      const ctx: JobContext = {
        signal: controller.signal,
        reportStage: reports.reportStage,
        reportProgress: reports.reportProgress,
      };
      const result = await withinTimeLimit(() => deps.runKind(job, source, ctx), controller.signal);
      reports.reportStage("saving");
      reports.stop();
      await reports.settled();
      await endings.complete(job, result);
      const ms = clock.now() - started;
      logger.info("Job done", { kind: job.kind, ms, waitedMs: started - job.createdAt });
    } catch (error) {
      reports.stop();
      await reports.settled();
      if (running.handedBack(controller.signal)) return giveBack(job);
      const failure = jobFailure(job.kind, error);
      logger.warn("Job failed", { jobId: job.id, kind: job.kind, cause: failure.cause, error });
      await endings.fail(job, job.attempts, failure);
    } finally {
      clearTimeout(limit);
      clearInterval(heartbeat);
    }
  }

  return {
    /** `within`: the attempt of another job this one runs inside; stopping that stops this. */
    attempt(job: ImageJob, within?: AbortSignal): Promise<void> {
      const controller = new AbortController();
      const follow = () => controller.abort(within?.reason);
      if (within?.aborted) follow();
      within?.addEventListener("abort", follow, { once: true });
      const work = running.track(job.id, controller, attemptWith(job, controller));
      return work.finally(() => within?.removeEventListener("abort", follow));
    },

    /**
     * Stops the attempts running in this process and gives their jobs back to the line (a
     * shutdown); answers those jobs, for the caller to hand to another worker at once.
     */
    async handBack(): Promise<ImageJob[]> {
      await running.handBackAll();
      const jobs = handedBack;
      handedBack = [];
      return jobs;
    },
  };
}
