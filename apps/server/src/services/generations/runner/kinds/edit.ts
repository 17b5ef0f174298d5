import { GENERATION_MESSAGES as M, TOKEN_COSTS, type ZEditRequest } from "@backdrop/shared";
import type { z } from "zod";
import { assertMayEdit } from "../../records/generation-access.ts";
import { jobInput } from "../../records/job-inputs.ts";
import { alone, type JobRequest, type RequestTools, type RunKind } from "./job-kind.ts";

/**
 * An AI edit of one of the record's images, at a fixed cost, for the plans that have edits;
 * refused before any charge when the engine can tell it would change nothing.
 */
export function editRequest(
  body: z.output<typeof ZEditRequest>,
  { engine, keptScenes }: Pick<RequestTools, "engine" | "keptScenes">,
): JobRequest {
  return {
    kind: "edit",
    recordId: body.imageRecordId,
    imageUrl: body.imageUrl,
    input: { prompt: body.prompt },
    cost: () => TOKEN_COSTS.edit,
    shortOfTokens: M.notEnoughTokensToEdit,
    check: assertMayEdit,
    refusal: async (source) => {
      if (!engine.checkEdit) return undefined;
      // The state alone (a small JSON file): enough to tell an edit that changes nothing.
      const state = await keptScenes.state(source);
      return engine.checkEdit(body.prompt, state !== undefined, state);
    },
  };
}

/** The engine's edit, on the scene it kept with the source when it kept one. */
export const runEdit: RunKind = async ({ engine, cutouts, keptOfSource }, job, source, ctx) => {
  const kept = await keptOfSource(job);
  const subject = await cutouts.forJob(job, source.file, ctx);
  const { prompt } = jobInput("edit", job.input);
  return alone(
    await engine.edit({ image: source.image, prompt, ...subject, ...(kept ? { kept } : {}) }, ctx),
  );
};
