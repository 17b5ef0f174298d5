import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../lib/paths.ts";
import { envError } from "./env-error.test-helper.ts";
import { loadEnv } from "./index.ts";

describe("image engine and job configuration", () => {
  it("runs the local engine and inline jobs by default, files under DATA_DIR", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      imageEngine: "local",
      falKey: null,
      redisUrl: null,
      filesDir: join(REPO_ROOT, "data", "files"),
      jobs: {
        timeLimitMs: 120_000,
        queueWaitLimitMs: 900_000,
        concurrency: 2,
        queuePrefix: "backdrop",
        shutdownGraceMs: 10_000,
      },
    });
  });

  it("switches to fal with a key, and to BullMQ with a Redis URL", () => {
    const env = loadEnv({
      FAL_KEY: "key-id:key-secret",
      REDIS_URL: "redis://127.0.0.1:6379",
      JOB_TIME_LIMIT_SECONDS: "30",
      JOB_CONCURRENCY: "4",
      FILES_DIR: "/srv/backdrop-files",
    });
    expect(env).toMatchObject({
      imageEngine: "fal",
      falKey: "key-id:key-secret",
      redisUrl: "redis://127.0.0.1:6379",
      filesDir: "/srv/backdrop-files",
      jobs: { timeLimitMs: 30_000, concurrency: 4 },
    });
    expect(loadEnv({ FAL_KEY: "k", IMAGE_ENGINE: "local" }).imageEngine).toBe("local");
  });

  it("lets each fal model be replaced by a variable, and checks it looks like a fal model id", () => {
    expect(loadEnv({}).falEndpoints).toEqual({ generate: null, edit: null, upscale: null });
    const env = loadEnv({
      FAL_GENERATE_ENDPOINT: "fal-ai/bria/product-shot",
      FAL_EDIT_ENDPOINT: " fal-ai/nano-banana-pro/edit ",
      FAL_UPSCALE_ENDPOINT: "fal-ai/seedvr/upscale/image",
    });
    expect(env.falEndpoints).toEqual({
      generate: "fal-ai/bria/product-shot",
      edit: "fal-ai/nano-banana-pro/edit",
      upscale: "fal-ai/seedvr/upscale/image",
    });
    for (const bad of ["nano-banana-2", "https://fal.run/fal-ai/x", "fal-ai/", "fal-ai/a b"]) {
      expect(envError({ FAL_EDIT_ENDPOINT: bad })).toBe(
        `Invalid configuration: FAL_EDIT_ENDPOINT must be a fal model id such as fal-ai/nano-banana-2/edit (got "${bad}")`,
      );
    }
  });

  it("refuses fal without its key, and malformed values, in one line", () => {
    expect(envError({ IMAGE_ENGINE: "fal" })).toBe(
      "Invalid configuration: FAL_KEY must be set when IMAGE_ENGINE is fal",
    );
    expect(envError({ IMAGE_ENGINE: "dall-e" })).toMatch(
      /^Invalid configuration: IMAGE_ENGINE must be local or fal/,
    );
    expect(envError({ REDIS_URL: "localhost:6379" })).toMatch(
      /REDIS_URL must be a URL starting with redis:\/\//,
    );
    expect(envError({ JOB_CONCURRENCY: "0" })).toMatch(
      /JOB_CONCURRENCY must be a positive whole number/,
    );
    expect(envError({ JOB_TIME_LIMIT_SECONDS: "100000" })).toMatch(/at most 3600/);
  });
});
