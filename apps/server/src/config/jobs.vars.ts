import { z } from "zod";
import type { FalEndpointOverrides, ImageEngineId, JobSettings } from "./types.ts";
import { EnvError, hasScheme, optionalVariable, positiveInteger, variable } from "./variables.ts";

/** A fal model id as fal names it: owner/model, then any path (`fal-ai/nano-banana-2/edit`). */
const falEndpoint = optionalVariable(
  z
    .string()
    .trim()
    .regex(/^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*(\/[a-z0-9][\w.-]*)*$/i, {
      error: "must be a fal model id such as fal-ai/nano-banana-2/edit",
    }),
);

/** The image engine and the jobs that run it. */
export const jobVariables = {
  IMAGE_ENGINE: optionalVariable(z.enum(["local", "fal"], { error: "must be local or fal" })),
  FAL_KEY: optionalVariable(z.string().trim().min(1)),
  FAL_GENERATE_ENDPOINT: falEndpoint,
  FAL_EDIT_ENDPOINT: falEndpoint,
  FAL_UPSCALE_ENDPOINT: falEndpoint,
  REDIS_URL: optionalVariable(
    z.string().refine((value) => hasScheme(value, ["redis", "rediss"]), {
      error: "must be a URL starting with redis:// or rediss://",
    }),
  ),
  JOB_TIME_LIMIT_SECONDS: positiveInteger("120", 3600),
  JOB_QUEUE_WAIT_LIMIT_SECONDS: positiveInteger("900", 86_400),
  JOB_CONCURRENCY: positiveInteger("2", 64),
  JOB_SHUTDOWN_GRACE_SECONDS: variable(
    z
      .string()
      .regex(/^\d+$/, { error: "must be a whole number of seconds (0 hands jobs back at once)" })
      .transform(Number)
      .refine((value) => value <= 600, { error: "must be at most 600" }),
    "10",
  ),
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

/** The fal models chosen instead of the engine's own (unset: its default for that call). */
export function falEndpointOverrides(vars: JobVars): FalEndpointOverrides {
  return Object.freeze({
    generate: vars.FAL_GENERATE_ENDPOINT ?? null,
    edit: vars.FAL_EDIT_ENDPOINT ?? null,
    upscale: vars.FAL_UPSCALE_ENDPOINT ?? null,
  });
}

/** How jobs run, in milliseconds where the variables say seconds. */
export function jobSettings(vars: JobVars): JobSettings {
  return Object.freeze({
    timeLimitMs: vars.JOB_TIME_LIMIT_SECONDS * 1000,
    queueWaitLimitMs: vars.JOB_QUEUE_WAIT_LIMIT_SECONDS * 1000,
    concurrency: vars.JOB_CONCURRENCY,
    queuePrefix: vars.JOB_QUEUE_PREFIX,
    shutdownGraceMs: vars.JOB_SHUTDOWN_GRACE_SECONDS * 1000,
  });
}
