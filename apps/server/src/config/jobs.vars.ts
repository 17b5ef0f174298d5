import { z } from "zod";
import type { ImageEngineId, JobSettings } from "./types.ts";
import { EnvError, hasScheme, optionalVariable, positiveInteger, variable } from "./variables.ts";

/** The image engine and the jobs that run it. */
export const jobVariables = {
  IMAGE_ENGINE: optionalVariable(z.enum(["local", "fal"], { error: "must be local or fal" })),
  FAL_KEY: optionalVariable(z.string().trim().min(1)),
  REDIS_URL: optionalVariable(
    z.string().refine((value) => hasScheme(value, ["redis", "rediss"]), {
      error: "must be a URL starting with redis:// or rediss://",
    }),
  ),
  JOB_TIME_LIMIT_SECONDS: positiveInteger("120", 3600),
  JOB_QUEUE_WAIT_LIMIT_SECONDS: positiveInteger("900", 86_400),
  JOB_CONCURRENCY: positiveInteger("2", 64),
  JOB_QUEUE_PREFIX: variable(
    z.string().regex(/^[a-z0-9][a-z0-9:_-]*$/i, { error: "must be letters, digits, :, _ or -" }),
    "backdrop",
  ),
};

type JobVars = z.infer<z.ZodObject<typeof jobVariables>>;

/** The fal engine needs its key; asking for it without one is a configuration error. */
export function imageEngine(vars: JobVars): ImageEngineId {
  const engine = vars.IMAGE_ENGINE ?? (vars.FAL_KEY ? "fal" : "local");
  if (engine === "fal" && !vars.FAL_KEY) {
    throw new EnvError("Invalid configuration: FAL_KEY must be set when IMAGE_ENGINE is fal");
  }
  return engine;
}

/** How jobs run, in milliseconds where the variables say seconds. */
export function jobSettings(vars: JobVars): JobSettings {
  return Object.freeze({
    timeLimitMs: vars.JOB_TIME_LIMIT_SECONDS * 1000,
    queueWaitLimitMs: vars.JOB_QUEUE_WAIT_LIMIT_SECONDS * 1000,
    concurrency: vars.JOB_CONCURRENCY,
    queuePrefix: vars.JOB_QUEUE_PREFIX,
  });
}
