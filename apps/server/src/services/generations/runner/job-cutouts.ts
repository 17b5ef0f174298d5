import type {
  JobContext,
  Placement,
  SubjectCutout,
  SubjectOfImage,
} from "../../../engines/image-engine.ts";
import type { RecordEvents } from "../../../jobs/record-events.ts";
import type { Clock } from "../../../lib/clock.ts";
import type { Logger } from "../../../lib/logger.ts";
import { withTimeout } from "../../../lib/timeout.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { UploadCutouts } from "../uploads/upload-cutouts.ts";
import { waitForJob } from "./wait-for-job.ts";

/**
 * How long a job waits for its upload's cut-out being made, at most: a few seconds' model run,
 * and never long enough for a stuck free job to run a paid one out of time.
 */
export function cutoutWaitMs(timeLimitMs: number): number {
  return Math.min(15_000, Math.floor(timeLimitMs / 3));
}

/** Where the upload's subject lies in an image: all of the upload's frame, or as a result stored it. */
function placementIn(source: StoredFile): Placement | undefined {
  if (source.kind === "original") return { x: 0, y: 0, width: source.width, height: source.height };
  return source.subject?.placement;
}

export type JobCutouts = ReturnType<typeof createJobCutouts>;

/** What the job runner does with uploads' cut-outs: hand them to jobs, and keep them. */
export function createJobCutouts(deps: {
  repository: GenerationsRepository;
  uploadCutouts: UploadCutouts;
  events: RecordEvents;
  clock: Clock;
  logger: Logger;
  timings: { timeLimitMs: number };
  /** Runs a job to its end, here and now, inside the attempt behind `within` (the runner's `run`). */
  runJob: (jobId: string, within: AbortSignal) => Promise<void>;
}) {
  const { repository, uploadCutouts, logger } = deps;

  /**
   * The cut-out the record's own cut-out job makes, if it has one unfinished. One still in line
   * runs now, in the asking job's turn: cutting out here would repeat its model run once its
   * turn came. One being made is waited for: its model run is under way and cannot give the
   * turn back, so cutting out again would only wait for it and then repeat it. Either way for
   * at most cutoutWaitMs: a stuck cut-out goes on alone, and the paid job cuts out itself.
   */
  async function fromItsJob(recordId: string, ctx: JobContext) {
    const unfinished = await repository.jobs.unfinishedCutout(recordId);
    if (!unfinished || ctx.signal.aborted) return undefined;
    ctx.reportStage("cutting out");
    const waitMs = cutoutWaitMs(deps.timings.timeLimitMs);
    if (unfinished.status === "queued") {
      const ran = deps.runJob(unfinished.id, ctx.signal);
      await withTimeout(ran, waitMs, "The cut-out took too long").catch(() => {});
    } else {
      await waitForJob({ jobs: repository.jobs, events: deps.events }, unfinished, waitMs);
    }
    return uploadCutouts.ofRecord(recordId);
  }

  return {
    /**
     * The upload's cut-out for a job: as `cutout` when the job works on the upload itself, and
     * as `subject`, with where it lies, for any image whose subject's place is known (the upload,
     * and the results that stored it), so the engine can keep the product and measure it. One
     * not made yet comes from its job (see fromItsJob). A lost one is no failure: the engine
     * cuts out itself, or the result goes unmeasured.
     */
    async forJob(
      job: ImageJob,
      source: StoredFile,
      ctx: JobContext,
    ): Promise<{ cutout?: SubjectCutout; subject?: SubjectOfImage }> {
      const placement = placementIn(source);
      if (!placement) return {};
      try {
        const cutout =
          (await uploadCutouts.ofRecord(source.recordId)) ?? (await fromItsJob(job.recordId, ctx));
        if (!cutout) return {};
        const subject = { cutout, placement };
        return source.kind === "original" ? { cutout, subject } : { subject };
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
