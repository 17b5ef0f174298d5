import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GENERATION_DEFAULTS, UPSCALE_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EngineError,
  type EngineImage,
  type ImageEngine,
  type JobContext,
  type JobStage,
} from "../../src/engines/image-engine.ts";

export const PHOTOS_DIR = join(import.meta.dirname, "..", "fixtures", "photos");

/** A fixture photo as a job hands it to an engine. */
export async function photo(name: "coffee.png" | "astronaut.png" | "rocket.jpg") {
  const bytes = readFileSync(join(PHOTOS_DIR, name));
  const meta = await sharp(bytes).metadata();
  return {
    bytes,
    contentType: meta.format === "jpeg" ? "image/jpeg" : "image/png",
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  } satisfies EngineImage;
}

/** A context that records the stages and never times out unless told to. */
export function recordingContext(signal = new AbortController().signal) {
  const stages: JobStage[] = [];
  const ctx: JobContext = { signal, reportStage: (stage) => void stages.push(stage) };
  return { ctx, stages };
}

/** The image's bytes really are what the engine says they are. */
async function expectHonest(image: EngineImage) {
  const meta = await sharp(image.bytes).metadata();
  expect(`image/${meta.format}`).toBe(image.contentType);
  expect(meta.width).toBe(image.width);
  expect(meta.height).toBe(image.height);
  return meta;
}

function aspect(image: { width: number; height: number }) {
  return image.width / image.height;
}

type EngineSetup = { engine: ImageEngine; dispose?: () => Promise<void> };

/**
 * What every engine promises the jobs (ARCHITECTURE point 6). Each engine's test file calls
 * this with its own setup: the local engine as it is, the fal engine against the emulator.
 */
export function describeEngineContract(label: string, setup: () => Promise<EngineSetup>) {
  describe(`${label} engine contract`, () => {
    let engine: ImageEngine;
    let dispose: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ engine, dispose } = await setup());
    }, 60_000);
    afterAll(async () => {
      await dispose?.();
    });

    it("places the subject into a new scene of the same shape, reporting its stages", async () => {
      const input = await photo("coffee.png");
      const { ctx, stages } = recordingContext();
      const result = await engine.generate(
        {
          image: input,
          prompt: "on a marble counter, morning light",
          options: { ...GENERATION_DEFAULTS },
          method: "realtime",
          seed: 42,
        },
        ctx,
      );
      await expectHonest(result);
      expect(aspect(result)).toBeCloseTo(aspect(input), 1);
      expect(result.bytes.equals(input.bytes)).toBe(false);
      expect(stages.length).toBeGreaterThan(0);
    }, 60_000);

    it("generates in queue mode as well", async () => {
      const input = await photo("astronaut.png");
      const { ctx } = recordingContext();
      const result = await engine.generate(
        {
          image: input,
          prompt: "in a sunlit forest",
          options: { ...GENERATION_DEFAULTS },
          method: "queue",
          seed: 7,
        },
        ctx,
      );
      await expectHonest(result);
      expect(aspect(result)).toBeCloseTo(aspect(input), 1);
    }, 60_000);

    it("upscales to exactly twice the width and height", async () => {
      const input = await photo("rocket.jpg");
      const { ctx } = recordingContext();
      const result = await engine.upscale({ image: input, options: { ...UPSCALE_DEFAULTS } }, ctx);
      await expectHonest(result);
      expect(result.width).toBe(input.width * 2);
      expect(result.height).toBe(input.height * 2);
    }, 120_000);

    it("edits an image as the prompt asks", async () => {
      const input = await photo("coffee.png");
      const { ctx } = recordingContext();
      const result = await engine.edit({ image: input, prompt: "make it black and white" }, ctx);
      await expectHonest(result);
      expect(result.bytes.equals(input.bytes)).toBe(false);
    }, 60_000);

    it("stops with a time-out when the job's time limit has run out", async () => {
      const input = await photo("coffee.png");
      const controller = new AbortController();
      controller.abort();
      const { ctx } = recordingContext(controller.signal);
      const failure = await engine
        .generate(
          {
            image: input,
            prompt: "on a beach",
            options: { ...GENERATION_DEFAULTS },
            method: "queue",
            seed: 1,
          },
          ctx,
        )
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(EngineError);
      expect((failure as EngineError).failure).toBe("timeout");
    }, 60_000);
  });
}
