import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { EngineError } from "../../../engines/image-engine.ts";
import type { JobKind } from "../../../repositories/schema.ts";

/** Kept on the cut-out's job row only: nobody waits on it, so nobody is shown it. */
const CUTOUT_FAILED = "The subject could not be cut out of the upload";

const TIMED_OUT: Record<JobKind, string> = {
  generate: M.requestTimedOut,
  upscale: M.upscaleTimedOut,
  edit: M.requestTimedOut,
  cutout: CUTOUT_FAILED,
};

const FAILED: Record<JobKind, string> = {
  generate: M.processingFailed,
  upscale: M.upscaleFailed,
  edit: M.editFailed,
  cutout: CUTOUT_FAILED,
};

/**
 * Who a failure is down to. `input`: the user's photo or prompt (no subject in the photo, the
 * model refused it); refunded only on plans that refund failures. `platform`: everything else
 * (time-outs, crashes, storage, an engine that could not be reached), refunded on every plan.
 */
export type FailureCause = "input" | "platform";

/** How a job ended without a result: the spec's message for the user, and whose fault it was. */
export type JobFailure = { message: string; cause: FailureCause };

/** The spec's message for a job that ended with `error` (SPEC point 8), and its cause. */
export function jobFailure(kind: JobKind, error: unknown): JobFailure {
  if (!(error instanceof EngineError)) return { message: FAILED[kind], cause: "platform" };
  switch (error.failure) {
    case "rejected":
      return { message: M.modelFailed, cause: "input" };
    case "no-subject":
      return { message: M.noSubjectFound, cause: "input" };
    case "timeout":
      return { message: TIMED_OUT[kind], cause: "platform" };
    default:
      return { message: FAILED[kind], cause: "platform" };
  }
}

/** A job that never started within the queue's waiting limit. */
export function queueWaitFailure(kind: JobKind): JobFailure {
  return { message: TIMED_OUT[kind], cause: "platform" };
}

/** A job whose workers kept stopping mid-way (the process crashed each time). */
export function abandonedFailure(kind: JobKind): JobFailure {
  return { message: FAILED[kind], cause: "platform" };
}
