import type { ImageEngine, JobContext } from "../image-engine.ts";
import { throwIfAborted } from "../image-engine.ts";
import { composite } from "./composite.ts";
import { type CutoutModel, createIsnetCutout } from "./cutout.ts";
import { decodeImage, fromRaw } from "./decode.ts";
import { applyEdits, planEdits, SUBJECT_EDITS } from "./edits.ts";
import { encodeResult } from "./encode.ts";
import { planScene } from "./scene-plan.ts";
import { esrganUpscaler, type Upscaler } from "./upscale.ts";

export type LocalEngineOptions = {
  /** The subject cut-out; the real ISNet by default, a stand-in in tests. */
  cutout?: CutoutModel;
  /** The 2x upscaler; the ESRGAN-slim model by default. */
  upscaler?: Upscaler;
};

function checkpoint(ctx: JobContext): void {
  throwIfAborted(ctx.signal);
}

/**
 * The offline studio engine (ARCHITECTURE point 6). It is not generative: it cuts the subject
 * out with ISNet, renders a scene from the prompt's words and composites the two; edits are
 * classic adjustments the prompt names. The same image, prompt and seed give the same result.
 */
export function createLocalEngine(options: LocalEngineOptions = {}): ImageEngine {
  const cutout = options.cutout ?? createIsnetCutout();
  const upscaler = options.upscaler ?? esrganUpscaler;

  return {
    id: "local",

    async generate(input, ctx) {
      checkpoint(ctx);
      ctx.reportStage("cutting out");
      const photo = await decodeImage(input.image.bytes);
      const subject = await cutout.cutOut(photo, ctx.signal, {
        threshold: input.options.background_threshold,
        quality: input.method === "queue" ? "full" : "fast",
      });
      checkpoint(ctx);
      ctx.reportStage("composing");
      const pipeline = await composite(subject, planScene(input.prompt), input.seed);
      checkpoint(ctx);
      return encodeResult(pipeline, { opaque: true, pixels: subject.width * subject.height });
    },

    async upscale(input, ctx) {
      checkpoint(ctx);
      ctx.reportStage("upscaling");
      const image = await decodeImage(input.image.bytes);
      const pipeline = await upscaler(image, ctx.signal, {
        onProgress: (fraction) => ctx.reportProgress?.(fraction),
      });
      checkpoint(ctx);
      return encodeResult(pipeline, {
        opaque: image.opaque,
        pixels: image.width * image.height * 4,
      });
    },

    async edit(input, ctx) {
      checkpoint(ctx);
      const image = await decodeImage(input.image.bytes);
      const ops = planEdits(input.prompt);
      let mask: Uint8Array | undefined;
      if (ops.some((op) => SUBJECT_EDITS.has(op))) {
        ctx.reportStage("cutting out");
        mask = (await cutout.cutOut(image, ctx.signal)).mask;
        checkpoint(ctx);
      }
      ctx.reportStage("editing");
      const edited = await applyEdits(image, ops, mask, ctx.signal);
      checkpoint(ctx);
      return encodeResult(fromRaw(edited.rgba, edited.width, edited.height), {
        opaque: edited.opaque,
        pixels: edited.width * edited.height,
      });
    },
  };
}
