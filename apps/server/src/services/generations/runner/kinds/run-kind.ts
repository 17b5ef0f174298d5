import type { JobContext } from "../../../../engines/image-engine.ts";
import type { ImageJob } from "../../../../repositories/image-jobs.repository.ts";
import { runCutout } from "./cutout.ts";
import { runEdit } from "./edit.ts";
import { runGenerate } from "./generate.ts";
import type { JobRun, JobSource, RunTools } from "./job-kind.ts";
import { runUpscale } from "./upscale.ts";

/** The engine's work for the job, as its kind says. */
export async function runKind(
  tools: RunTools,
  job: ImageJob,
  source: JobSource,
  ctx: JobContext,
): Promise<JobRun> {
  switch (job.kind) {
    case "generate":
      return runGenerate(tools, job, source, ctx);
    case "upscale":
      return runUpscale(tools, job, source, ctx);
    case "edit":
      return runEdit(tools, job, source, ctx);
    case "cutout":
      return runCutout(tools, job, source, ctx);
  }
}
