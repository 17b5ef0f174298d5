import { GENERATION_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { middleCutout } from "../../../test/helpers/stand-in-cutout.ts";
import { EngineError, type JobContext, type JobStage } from "../image-engine.ts";
import { createLocalEngine } from "./local.engine.ts";
import { lanczosUpscaler } from "./upscale/index.ts";

const middle = middleCutout;

async function photo(width: number, height: number, format: "png" | "jpeg" = "png") {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } },
  })
    .toFormat(format)
    .toBuffer();
  return { bytes, contentType: `image/${format}`, width, height };
}

function context(signal = new AbortController().signal) {
  const stages: JobStage[] = [];
  const ctx: JobContext = { signal, reportStage: (stage) => void stages.push(stage) };
  return { ctx, stages };
}

// Lanczos keeps these contract checks fast; upscale.test.ts covers the ESRGAN default.
const engine = createLocalEngine({ cutout: middle, upscaler: lanczosUpscaler });
const generate = async (prompt: string, seed: number, ctx = context().ctx) =>
  engine.generate(
    {
      image: await photo(160, 120),
      prompt,
      options: { ...GENERATION_DEFAULTS },
      method: "realtime",
      seed,
    },
    ctx,
  );

describe("local engine", () => {
  it("generates a PNG of the photo's size, the same for the same prompt and seed", async () => {
    const { ctx, stages } = context();
    const first = await generate("on a marble counter", 4, ctx);
    expect(first).toMatchObject({ contentType: "image/png", width: 160, height: 120 });
    expect(stages).toEqual(["cutting out", "composing"]);
    expect((await generate("on a marble counter", 4)).bytes.equals(first.bytes)).toBe(true);
    expect((await generate("on a sandy beach at sunset", 4)).bytes.equals(first.bytes)).toBe(false);
  });

  it("stores large opaque results as JPEG, with their real size", async () => {
    const result = await engine.upscale(
      {
        image: await photo(700, 500, "jpeg"),
        options: { upscale_factor: 2, creativity: 0, resemblance: 0 },
      },
      context().ctx,
    );
    expect(result).toMatchObject({ contentType: "image/jpeg", width: 1400, height: 1000 });
    const meta = await sharp(result.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1400, 1000]);
  });

  it("edits a picture without a kept scene on its pixels, around a subject it cuts out", async () => {
    for (const prompt of ["warmer", "blur the background"]) {
      const job = context();
      const result = await engine.edit({ image: await photo(80, 60), prompt }, job.ctx);
      // The product is told apart before any look: an edit never alters it.
      expect(job.stages, prompt).toEqual(["cutting out", "editing"]);
      expect(result).toMatchObject({ contentType: "image/png", width: 80, height: 60 });
      expect(result.keep).toBeUndefined();
    }
  });

  it("rejects with a time-out once the job is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const failure = await generate("studio", 1, context(controller.signal).ctx).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).failure).toBe("timeout");
  });
});
