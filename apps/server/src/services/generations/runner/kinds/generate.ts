import { randomInt } from "node:crypto";
import {
  generationCost,
  GENERATION_MESSAGES as M,
  MAX_SEED,
  MAX_VARIATIONS,
  outputSize,
  type ZProcessRequest,
} from "@backdrop/shared";
import type { z } from "zod";
import type { StoredFile } from "../../../../repositories/image-records.repository.ts";
import { jobInput } from "../../records/job-inputs.ts";
import { exactProductOf } from "./exact-product.ts";
import { runTakes } from "./generation-takes.ts";
import type { JobRequest, RequestTools, RunKind } from "./job-kind.ts";

type ProcessBody = z.output<typeof ZProcessRequest>;

/**
 * The studio's no-subject message when the generation cannot work: its source is the upload,
 * whose cut-out already found no subject, and the engine cannot generate without one at
 * these options. A cut-out not made yet refuses nothing (the job then fails as ever).
 */
async function subjectMissing(
  { engine, jobs }: Pick<RequestTools, "engine" | "jobs">,
  source: StoredFile,
  options: ProcessBody["options"],
): Promise<string | undefined> {
  if (source.kind !== "original" || !engine.needsSubject?.(options)) return undefined;
  const cutout = await jobs.latestCutout(source.recordId);
  const none = cutout?.status === "failed" && cutout.error === M.noSubjectFound;
  return none ? M.noSubjectFound : undefined;
}

/**
 * A generation (the API's `process`): the photo placed in the scene the prompt describes, in
 * one take or several, each charged at the size it is made at.
 */
export function generateRequest(body: ProcessBody, tools: RequestTools): JobRequest {
  return {
    kind: "generate",
    recordId: body.savedRecordId,
    imageUrl: body.imageUrl,
    input: {
      prompt: body.prompt,
      options: body.options,
      method: body.processingMethod,
      seed: body.seed ?? randomInt(0, MAX_SEED - MAX_VARIATIONS),
      shadow: body.shadow,
      relight: body.relightProduct,
      exact: exactProductOf(body, tools.engine),
      aspect: body.aspect,
      variations: body.variations,
    },
    takes: body.variations,
    cost: (source) => {
      const size = outputSize(source.width, source.height, body.aspect);
      return generationCost(size.width, size.height);
    },
    shortOfTokens: M.notEnoughTokens,
    refusal: (source) => subjectMissing(tools, source, body.options),
  };
}

/** The generation's takes, each on the upload's cut-out when there is one. */
export const runGenerate: RunKind = async ({ engine, cutouts }, job, source, ctx) => {
  const { cutout } = await cutouts.forJob(job, source.file, ctx);
  const { variations, ...input } = jobInput("generate", job.input);
  const generate = { image: source.image, ...(cutout ? { cutout } : {}), ...input };
  const run = await runTakes(engine, job, generate, variations, ctx);
  return { outputs: run.takes, refundKeys: run.refundKeys };
};
