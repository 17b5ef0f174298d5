import { alone, type RunKind } from "./job-kind.ts";

/**
 * An upload's cut-out: a free background job the upload starts (uploads/cutout-at-upload.ts),
 * never one the API asks for.
 */
export const runCutout: RunKind = async ({ engine }, _job, source, ctx) => {
  if (!engine.cutOut) throw new Error(`The ${engine.id} engine makes no cut-outs`);
  return alone(await engine.cutOut({ image: source.image }, ctx));
};
