import {
  ASPECTS,
  DEFAULT_ASPECT,
  DEFAULT_SHADOW_STYLE,
  MAX_VARIATIONS,
  PROCESSING_METHODS,
  SHADOW_STYLES,
  ZGenerationOptions,
  ZUpscaleOptions,
} from "@backdrop/shared";
import { z } from "zod";
import type { JobKind } from "../../../repositories/schema.ts";

/**
 * What each kind of job hands the engine besides the image. Checked when a job is written and
 * again when it is read back, so a job row never reaches the engine in a shape it does not
 * expect (a row written by an older version, say): such a job fails, as the platform's fault.
 */
export const JOB_INPUTS = {
  generate: z.object({
    prompt: z.string(),
    options: ZGenerationOptions,
    method: z.enum(PROCESSING_METHODS),
    seed: z.number().int(),
    // Jobs written before the choice existed drew natural shadows.
    shadow: z.enum(SHADOW_STYLES).default(DEFAULT_SHADOW_STYLE),
    // And at the upload's own size, in one take.
    aspect: z.enum(ASPECTS).default(DEFAULT_ASPECT),
    variations: z.number().int().min(1).max(MAX_VARIATIONS).default(1),
    // And with the product's pixels kept.
    relight: z.boolean().default(false),
    // Jobs written before the "exact product" switch have none: the engine's old way.
    exact: z.boolean().optional(),
  }),
  upscale: z.object({ options: ZUpscaleOptions }),
  edit: z.object({ prompt: z.string() }),
  cutout: z.object({}),
} satisfies Record<JobKind, z.ZodType>;

export type JobInput<K extends JobKind> = z.output<(typeof JOB_INPUTS)[K]>;

/** The job's input as its kind's schema reads it; throws when it does not fit. */
export function jobInput<K extends JobKind>(kind: K, input: unknown): JobInput<K> {
  return JOB_INPUTS[kind].parse(input) as JobInput<K>;
}
