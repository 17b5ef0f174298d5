import type { JobContext, SubjectCutout } from "../../engines/image-engine.ts";
import type { RecordEvents } from "../../jobs/record-events.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { ImageJob } from "../../repositories/image-jobs.repository.ts";
import type { StoredFile } from "../../repositories/image-records.repository.ts";
import type { UploadCutouts } from "./upload-cutouts.ts";
import { waitForJob } from "./wait-for-job.ts";

/**
 * How long a job waits for its upload's cut-out being made, at most: a few seconds' model run,
 * and never long enough for a stuck free job to run a paid one out of time.
 */
export function cutoutWaitMs(timeLimitMs: number): number {
  return Math.min(15_000, Math.floor(timeLimitMs / 3));
}

/** What the job runner does with uploads' cut-outs: hand them to jobs, and keep them. */
export function createJobCutouts(deps: {
  repository: GenerationsRepository;
  uploadCutouts: UploadCutouts;
  events: RecordEvents;
  clock: Clock;
  logger: Logger;
  timings: { timeLimitMs: number };
}) {
  const { repository, uploadCutouts, logger } = deps;

  return {
    /**
     * The upload's cut-out for a job of the upload itself. One being made right now is waited
     * for: its model run is under way and cannot give the turn back, so cutting out again would
     * only wait for it and then repeat it. A lost one is no failure: the engine cuts out itself.
     */
    async forJob(
      job: ImageJob,
      source: StoredFile,
      ctx: JobContext,
    ): Promise<{ cutout?: SubjectCutout }> {
      if (source.kind !== "original") return {};
      try {
        let cutout = await uploadCutouts.forSource(source);
        const running = cutout ? undefined : await repository.jobs.runningCutout(job.recordId);
        if (running) {
          ctx.reportStage("cutting out");
          const wait = { jobs: repository.jobs, events: deps.events };
          await waitForJob(wait, running, cutoutWaitMs(deps.timings.timeLimitMs));
          cutout = await uploadCutouts.forSource(source);
        }
        return cutout ? { cutout } : {};
      } catch (error) {
        logger.warn("Upload cut-out not read", { jobId: job.id, error });
        return {};
      }
    },

    /** The upload keeps the cut-out its generation made; without it, its own job makes one. */
    async adopt(job: ImageJob, cutout: SubjectCutout): Promise<void> {
      try {
        await uploadCutouts.adopt(job.sourceFileId, cutout, deps.clock.now());
      } catch (error) {
        logger.warn("A generation's cut-out not kept for its upload", { jobId: job.id, error });
      }
    },

    /** Ends an upload's cut-out job with the cut-out a generation already gave it, if any. */
    async endIfAlreadyMade(job: ImageJob): Promise<boolean> {
      const made = await uploadCutouts.fileOf(job.recordId);
      if (!made) return false;
      const ended = { status: "completed" as const, resultFileId: made.id };
      await repository.jobs.finish(job.id, job.attempts, ended, deps.clock.now());
      return true;
    },
  };
}
