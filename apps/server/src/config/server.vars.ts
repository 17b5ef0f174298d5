import { isHttpUrl } from "@backdrop/shared";
import { z } from "zod";
import {
  flag,
  hasScheme,
  optionalVariable,
  positiveInteger,
  rateLimitVariable,
  variable,
} from "./variables.ts";

/** The server itself: where it listens, where it keeps data, who may call it. */
export const serverVariables = {
  NODE_ENV: variable(
    z.enum(["development", "test", "production"], {
      error: "must be one of development, test, production",
    }),
    "development",
  ),
  PORT: variable(
    z
      .string()
      .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
        error: "must be an integer between 1 and 65535",
      })
      .transform(Number),
    "3000",
  ),
  HOST: variable(z.string().trim().min(1), "0.0.0.0"),
  DATA_DIR: variable(z.string(), "./data"),
  DATABASE_URL: optionalVariable(
    z.string().refine((value) => hasScheme(value, ["postgres", "postgresql"]), {
      error: "must be a URL starting with postgres:// or postgresql://",
    }),
  ),
  APP_URL: optionalVariable(
    z.string().refine(isHttpUrl, { error: "must be a URL starting with http:// or https://" }),
  ),
  TRUST_PROXY: variable(
    z
      .string()
      .regex(/^\d+$/, { error: "must be the number of proxies in front of the server (0, 1, 2…)" })
      .transform(Number)
      .refine((value) => value <= 10, { error: "must be at most 10" }),
    "0",
  ),
  ALLOW_SANDBOX: flag,
  LOG_LEVEL: variable(
    z.enum(["error", "warn", "info", "debug", "silent"], {
      error: "must be one of error, warn, info, debug, silent",
    }),
    "info",
  ),
  /** Unset: the web app's source maps are served outside production only. */
  SERVE_SOURCE_MAPS: optionalVariable(
    z.enum(["0", "1"], { error: "must be 0 or 1" }).transform((value) => value === "1"),
  ),
  TRUSTED_ORIGINS: optionalVariable(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isHttpUrl), {
        error: "must be a comma-separated list of http:// or https:// origins",
      })
      .transform((entries) => entries.map((entry) => new URL(entry).origin)),
  ),
  UPLOAD_RATE_LIMIT: rateLimitVariable("30/600"),
  STORAGE_QUOTA_MB: positiveInteger("5000", 10_000_000),
  FREE_STORAGE_QUOTA_MB: positiveInteger("250", 10_000_000),
  FILES_DIR: optionalVariable(z.string()),
  /** PEM files of a Content Credentials signing key and its certificate chain (both or neither). */
  C2PA_SIGNING_KEY: optionalVariable(z.string()),
  C2PA_SIGNING_CERT: optionalVariable(z.string()),
  MIN_FREE_DISK_MB: positiveInteger("200", 10_000_000),
};
