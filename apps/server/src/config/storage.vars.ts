import { isHttpUrl } from "@backdrop/shared";
import { z } from "zod";
import type { S3Config } from "./types.ts";
import { EnvError, optionalVariable } from "./variables.ts";

/** S3's own rule for bucket names (the dotted-IP form aside). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Every S3 variable besides the bucket, in the order a stray one is reported. */
const S3_COMPANIONS = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;

/** Images in an S3-compatible bucket; without S3_BUCKET they stay on disk under FILES_DIR. */
export const storageVariables = {
  S3_BUCKET: optionalVariable(
    z.string().trim().regex(BUCKET_NAME, {
      error: "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
    }),
  ),
  S3_ENDPOINT: optionalVariable(
    z
      .string()
      .trim()
      .refine(isHttpUrl, { error: "must be a URL starting with http:// or https://" }),
  ),
  S3_REGION: optionalVariable(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, { error: "must be a region name such as us-east-1 (or auto)" }),
  ),
  S3_ACCESS_KEY_ID: optionalVariable(z.string().trim()),
  S3_SECRET_ACCESS_KEY: optionalVariable(z.string().trim()),
  /** Unset is not the same as 0 here: any S3 variable without a bucket is refused. */
  S3_FORCE_PATH_STYLE: optionalVariable(
    z.enum(["0", "1"], { error: "must be 0 or 1" }).transform((value) => value === "1"),
  ),
};

type StorageVars = z.infer<z.ZodObject<typeof storageVariables>>;

/** The region when S3_REGION is unset: AWS's default, and what most other S3 servers accept. */
export const DEFAULT_S3_REGION = "us-east-1";

/** S3 is all or nothing: S3_BUCKET switches it on, and no other S3 variable means anything without it. */
export function s3Config(vars: StorageVars): S3Config | null {
  const bucket = vars.S3_BUCKET;
  if (!bucket) {
    const stray = S3_COMPANIONS.find((name) => vars[name] !== undefined);
    if (stray) {
      throw new EnvError(
        `Invalid configuration: ${stray} is set but S3_BUCKET is not; set S3_BUCKET to keep images in a bucket, or unset the S3_ variables to keep them on disk`,
      );
    }
    return null;
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new EnvError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, to use the SDK's default credentials)",
    );
  }
  return Object.freeze({
    bucket,
    region: vars.S3_REGION ?? DEFAULT_S3_REGION,
    endpoint: vars.S3_ENDPOINT ? vars.S3_ENDPOINT.replace(/\/+$/, "") : null,
    credentials:
      accessKeyId && secretAccessKey ? Object.freeze({ accessKeyId, secretAccessKey }) : null,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? false,
  });
}
