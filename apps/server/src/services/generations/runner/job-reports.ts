import type { JobStage } from "../../../engines/image-engine.ts";
import type { Clock } from "../../../lib/clock.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";

/** At most one progress write per this many ms: a tiled model may report dozens a second. */
export const PROGRESS_INTERVAL_MS = 250;

export type JobReporter = {
  reportStage(stage: JobStage): void;
  reportProgress(fraction: number): void;
  /** Drops later reports (the job ended, or its time ran out while the engine still works). */
  stop(): void;
  /** Resolves once every accepted report is written. */
  settled(): Promise<void>;
};

/**
 * Writes what an attempt reports onto the job and its record, in order, while the attempt
 * still runs the job, and announces each change. A new stage clears the progress; progress is
 * throttled, the latest fraction written after the interval so the last one is never lost.
 * A background job (`onRecord` false) writes its stage on its own row only.
 */
export function createJobReporter(deps: {
  job: ImageJob;
  repository: GenerationsRepository;
  clock: Clock;
  logger: Logger;
  announce(): void;
  intervalMs?: number;
  onRecord?: boolean;
}): JobReporter {
  const { job, repository, clock, logger, announce, onRecord = true } = deps;
  const intervalMs = deps.intervalMs ?? PROGRESS_INTERVAL_MS;
  let chain = Promise.resolve();
  let stopped = false;
  // False once a stage write finds that another attempt (or the sweep) has the job.
  let ours = true;
  let pending: number | null = null;
  let written: number | null = null;
  let writtenAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function enqueue(write: () => Promise<void>, what: string): void {
    chain = chain
      .then(write)
      .catch((error: unknown) => logger.warn(`Job ${what} not saved`, { jobId: job.id, error }));
  }

  function cancelPending(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  }

  function flush(): void {
    timer = null;
    const fraction = pending;
    pending = null;
    if (stopped || !onRecord || fraction === null || fraction === written) return;
    written = fraction;
    writtenAt = clock.now();
    enqueue(async () => {
      if (!ours || stopped) return;
      await repository.records.updateRecord(job.recordId, { progress: fraction }, clock.now());
      announce();
    }, "progress");
  }

  return {
    reportStage(stage) {
      if (stopped) return;
      cancelPending();
      written = null;
      writtenAt = Number.NEGATIVE_INFINITY;
      enqueue(async () => {
        const now = clock.now();
        ours = await repository.jobs.setStage(job.id, job.attempts, stage, now);
        if (!ours || !onRecord) return;
        await repository.records.updateRecord(job.recordId, { stage, progress: null }, now);
        announce();
      }, "stage");
    },

    reportProgress(fraction) {
      if (stopped || !Number.isFinite(fraction)) return;
      pending = Math.min(1, Math.max(0, fraction));
      if (timer) return;
      const wait = Math.min(intervalMs, writtenAt + intervalMs - clock.now());
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },

    stop() {
      stopped = true;
      cancelPending();
    },

    settled: () => chain,
  };
}
