import { GENERATION_MESSAGES as M, TOKEN_COSTS, type ZUpscaleRequest } from "@backdrop/shared";
import type { z } from "zod";
import { jobInput } from "../../records/job-inputs.ts";
import { alone, type JobRequest, type RunKind } from "./job-kind.ts";

/** An upscale of the record's upload or chosen result, at a fixed cost. */
export function upscaleRequest(body: z.output<typeof ZUpscaleRequest>): JobRequest {
  return {
    kind: "upscale",
    recordId: body.savedRecordId,
    imageUrl: body.imageUrl,
    input: { options: body.options },
    cost: () => TOKEN_COSTS.upscale,
    shortOfTokens: M.notEnoughTokensToUpscale,
  };
}

/** The engine's upscale, told where the upload's subject lies so it can keep the product. */
export const runUpscale: RunKind = async ({ engine, cutouts }, job, source, ctx) => {
  const { options } = jobInput("upscale", job.input);
  const { subject } = await cutouts.forJob(job, source.file, ctx);
  return alone(
    await engine.upscale({ image: source.image, options, ...(subject ? { subject } : {}) }, ctx),
  );
};
