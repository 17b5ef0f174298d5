import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIDELITY_KEPT, GENERATION_DEFAULTS, UPSCALE_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EngineError,
  type EngineImage,
  type EngineResult,
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

/** A result's subject: placed, measured within bounds, with an honest difference map. */
async function expectMeasured(result: EngineResult) {
  const subject = result.subject;
  expect(subject?.placement.width).toBeGreaterThan(0);
  const fidelity = subject?.fidelity;
  expect(FIDELITY_KEPT).toContain(fidelity?.kept);
  expect(fidelity?.withinDeltaE2).toBeGreaterThanOrEqual(0);
  expect(fidelity?.withinDeltaE2).toBeLessThanOrEqual(1);
  expect(fidelity?.meanDeltaE).toBeGreaterThanOrEqual(0);
  expect(fidelity?.pixels).toBeGreaterThan(0);
  const map = subject?.difference;
  expect(
    (await expectHonest(map ?? { bytes: Buffer.alloc(0), contentType: "", width: 0, height: 0 }))
      .format,
  ).toBe("png");
  return fidelity;
}

/**
 * What every engine promises the jobs (ARCHITECTURE point 6). Each engine's test file calls
 * this with its own setup: the local engine as it is, the fal engine against the emulator.
 */
export function describeEngineContract(
  label: string,
  setup: () => Promise<EngineSetup>,
  /** `measures`: the engine keeps the product and measures every result (issue 15). */
  { measures = false }: { measures?: boolean } = {},
) {
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

    // Only where the engine keeps the product: registered, not skipped, elsewhere.
    if (measures) {
      it("measures the product of a generation made with the catalogue's options", async () => {
        const input = await photo("coffee.png");
        const { ctx } = recordingContext();
        const result = await engine.generate(
          {
            image: input,
            prompt: "on a marble counter, morning light",
            options: { ...GENERATION_DEFAULTS },
            method: "realtime",
            seed: 3,
            shadow: "soft",
            aspect: "1:1",
          },
          ctx,
        );
        await expectHonest(result);
        expect(result.width).toBe(result.height);
        await expectMeasured(result);
      }, 120_000);

      it("measures an edit and an upscale of a picture whose subject is known", async () => {
        const input = await photo("coffee.png");
        const cutout = await engine.cutOut?.({ image: input }, recordingContext().ctx);
        if (!cutout) throw new Error("An engine that measures cuts out");
        const subject = {
          cutout,
          placement: { x: 0, y: 0, width: input.width, height: input.height },
        };
        const edited = await engine.edit(
          { image: input, prompt: "make it black and white", cutout, subject },
          recordingContext().ctx,
        );
        await expectMeasured(edited);
        const upscaled = await engine.upscale(
          { image: input, options: { ...UPSCALE_DEFAULTS }, subject },
          recordingContext().ctx,
        );
        expect(upscaled.subject?.placement).toMatchObject({ width: input.width * 2 });
        await expectMeasured(upscaled);
      }, 180_000);
    }
  });
}
