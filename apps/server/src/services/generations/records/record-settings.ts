import type { TRecordSettings } from "@backdrop/shared";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import { JOB_INPUTS } from "./job-inputs.ts";

/** What the generation `job` was made with; null without a job or when its input is unreadable. */
export function settingsOf(job: ImageJob | undefined): TRecordSettings | null {
  if (!job) return null;
  const kept = JOB_INPUTS.generate.safeParse(job.input);
  if (!kept.success) return null;
  const { method, shadow, aspect, variations, relight, exact } = kept.data;
  return {
    method,
    shadow,
    aspect,
    takes: variations,
    relightProduct: relight,
    exactProduct: exact ?? null,
  };
}
