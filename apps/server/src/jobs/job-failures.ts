import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { EngineError } from "../engines/image-engine.ts";
import type { JobKind } from "../repositories/schema.ts";

const TIMED_OUT: Record<JobKind, string> = {
  generate: M.requestTimedOut,
  upscale: M.upscaleTimedOut,
  edit: M.requestTimedOut,
};

const FAILED: Record<JobKind, string> = {
  generate: M.processingFailed,
  upscale: M.upscaleFailed,
  edit: M.editFailed,
};

/** The spec's message for a job that ended with `error` (SPEC point 8). */
export function failureMessage(kind: JobKind, error: unknown): string {
  if (!(error instanceof EngineError)) return FAILED[kind];
  switch (error.failure) {
    case "rejected":
      return M.modelFailed;
    case "timeout":
      return TIMED_OUT[kind];
    default:
      return FAILED[kind];
  }
}

/** A job whose workers kept stopping mid-way (the process crashed each time). */
export function abandonedMessage(kind: JobKind): string {
  return FAILED[kind];
}
