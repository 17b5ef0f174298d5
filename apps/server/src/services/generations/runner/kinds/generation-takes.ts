import { MAX_SEED } from "@backdrop/shared";
import {
  EngineError,
  type EngineTake,
  type GenerateInput,
  type ImageEngine,
  type JobContext,
} from "../../../../engines/image-engine.ts";
import type { ImageJob } from "../../../../repositories/image-jobs.repository.ts";
import { jobFailure } from "../job-failures.ts";
import { takeDebitKeys } from "../take-debits.ts";

/** The takes made, and the ledger keys of those the rules give back. */
export type TakesRun = { takes: EngineTake[]; refundKeys: string[] };

/** The seed of the take at `index`: the job's, then the next ones, wrapping within 31 bits. */
export function takeSeed(seed: number, index: number): number {
  return (seed + index) % (MAX_SEED + 1);
}

/**
 * A generation's takes (issue 14, point 2), one after the other, each reusing the upload's
 * cut-out — the first take's own when the upload had none, so the model runs once. A take that
 * fails is left out and, when the platform failed it or the plan refunds failures, given back
 * alone; when no take is made, the first failure is the job's and the job fails as ever.
 */
export async function runTakes(
  engine: Pick<ImageEngine, "generate" | "generateTakes">,
  job: Pick<ImageJob, "debitKey" | "refundOnFailure">,
  input: GenerateInput,
  count: number,
  ctx: JobContext,
): Promise<TakesRun> {
  const keys = takeDebitKeys(job.debitKey, count);
  const takes = count > 1 ? await engine.generateTakes?.(input, count, ctx) : undefined;
  if (takes) {
    // One call made them all: a failed call is the job's. A take the model's safety check
    // withheld is refused like a flagged take made alone: given back where the plan says.
    if (takes.length === 0) throw new EngineError("rejected", "The model withheld every take");
    return { takes, refundKeys: job.refundOnFailure ? keys.slice(takes.length) : [] };
  }
  return takesOneByOne(engine, job, input, keys, ctx);
}

async function takesOneByOne(
  engine: Pick<ImageEngine, "generate">,
  job: Pick<ImageJob, "refundOnFailure">,
  input: GenerateInput,
  keys: string[],
  ctx: JobContext,
): Promise<TakesRun> {
  const count = keys.length;
  const takes: EngineTake[] = [];
  const refundKeys: string[] = [];
  let firstError: unknown;
  let cutout = input.cutout;
  for (let index = 0; index < count; index++) {
    const seed = takeSeed(input.seed, index);
    try {
      const output = await engine.generate({ ...input, seed, ...(cutout ? { cutout } : {}) }, ctx);
      cutout ??= output.cutout;
      takes.push({ output, seed });
    } catch (error) {
      // Out of time: no later take would fare better.
      if (ctx.signal.aborted) throw error;
      firstError ??= error;
      const { cause } = jobFailure("generate", error);
      if (cause === "platform" || job.refundOnFailure) refundKeys.push(keys[index] ?? "");
    }
  }
  if (takes.length === 0) throw firstError;
  return { takes, refundKeys };
}
