import { z } from "zod";

/** Unset and empty variables both mean "use the default". */
export function variable<T extends z.ZodType>(schema: T, fallback?: string) {
  return z.preprocess((value) => (value === "" || value === undefined ? fallback : value), schema);
}

export function optionalVariable<T extends z.ZodType>(schema: T) {
  return variable(schema.optional());
}

export const flag = variable(
  z.enum(["0", "1"], { error: "must be 0 or 1" }).transform((value) => value === "1"),
  "0",
);

export function hasScheme(value: string, schemes: readonly string[]): boolean {
  return schemes.some((scheme) => value.startsWith(`${scheme}://`)) && URL.canParse(value);
}

export function prefixed(prefix: string, what: string) {
  return optionalVariable(
    z
      .string()
      .trim()
      .startsWith(prefix, { error: `must be ${what} starting with ${prefix}` }),
  );
}

const RATE_LIMIT_PATTERN = /^([1-9]\d*)\/([1-9]\d*)$/;

export function rateLimitVariable(fallback: string) {
  return variable(
    z
      .string()
      .regex(RATE_LIMIT_PATTERN, {
        error: `must look like <requests>/<seconds>, e.g. ${fallback}`,
      })
      .transform((value) => {
        const [, limit, seconds] = RATE_LIMIT_PATTERN.exec(value) ?? [];
        return { limit: Number(limit), windowMs: Number(seconds) * 1000 };
      }),
    fallback,
  );
}

export function positiveInteger(fallback: string, max: number) {
  return variable(
    z
      .string()
      .regex(/^[1-9]\d*$/, { error: "must be a positive whole number" })
      .transform(Number)
      .refine((value) => value <= max, { error: `must be at most ${max}` }),
    fallback,
  );
}

/** A configuration problem, worded as the single line the server prints before exiting. */
export class EnvError extends Error {
  override name = "EnvError";
}
