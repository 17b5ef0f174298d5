import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import type { ImageEngine, JobContext } from "../image-engine.ts";
import { EngineError, throwIfAborted } from "../image-engine.ts";
import { decodeImage } from "./common/index.ts";
import { type CutoutModel, createIsnetCutout } from "./cutout/index.ts";
import {
  applyLook,
  changesScene,
  editPixels,
  editRefusal,
  readEdit,
  stateAfter,
  understood,
} from "./edits/index.ts";
import { keepSubject } from "./keep-subject/index.ts";
import { readScene } from "./scene/index.ts";
import { previewScene } from "./scene-preview.ts";
import {
  canvasForAspect,
  firstSceneState,
  keepScene,
  measuredRender,
  NEUTRAL_LOOK,
  planOf,
  readSceneState,
  renderEdit,
} from "./scene-state/index.ts";
import { cutoutOf, jobSubject, subjectMask, uploadCutout } from "./subject.ts";
import { resultWithSubject } from "./subject-fidelity.ts";
import { needsSubject } from "./upload-threshold.ts";
import { esrganUpscaler, type Upscaler } from "./upscale/index.ts";
import { wantsWhiteBackground } from "./white-prompt.ts";

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
 * out with ISNet, renders a scene from the prompt's words and composites the two. It keeps the
 * cut-out and the scene's state with each result, so an edit renders the picture again with the
 * scene and look the edit asks for; a picture without them gets its look edited on its pixels.
 * The same image, prompt and seed give the same result.
 */
export function createLocalEngine(options: LocalEngineOptions = {}): ImageEngine {
  const cutout = options.cutout ?? createIsnetCutout();
  const upscaler = options.upscaler ?? esrganUpscaler;

  return {
    id: "local",

    async generate(input, ctx) {
      checkpoint(ctx);
      if (!cutoutOf(input.image, input.cutout)) ctx.reportStage("cutting out");
      const { subject, png, made } = await jobSubject(
        cutout,
        input.image,
        input.options.background_threshold,
        ctx.signal,
        input.cutout,
      );
      checkpoint(ctx);
      ctx.reportStage("composing");
      const quality = input.method === "queue" ? "rich" : "fast";
      // The prompt is read once: the kept props and the plan both come from this reading.
      const reading = readScene(input.prompt);
      const first = firstSceneState(reading, input.seed, quality, input.shadow);
      const unsized = input.exact ? { ...first, exactProduct: true } : first;
      const plan = planOf(unsized, reading);
      const canvas = canvasForAspect(subject, input.aspect, plan.setting === "white");
      const state = canvas ? { ...unsized, canvas } : unsized;
      const result = await measuredRender(subject, state, plan);
      checkpoint(ctx);
      const keep = await keepScene(subject, state, png);
      return { ...result, keep, ...(made ? { cutout: made } : {}) };
    },

    async cutOut(input, ctx) {
      checkpoint(ctx);
      ctx.reportStage("cutting out");
      const photo = await decodeImage(input.image.bytes);
      const made = await uploadCutout(cutout, photo, ctx.signal);
      checkpoint(ctx);
      return made;
    },

    async upscale(input, ctx) {
      checkpoint(ctx);
      ctx.reportStage("upscaling");
      const image = await decodeImage(input.image.bytes);
      const pipeline = await upscaler(image, ctx.signal, {
        onProgress: (fraction) => ctx.reportProgress?.(fraction),
      });
      checkpoint(ctx);
      const { data, info } = await pipeline
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const enlarged = { rgba: data, width: info.width, height: info.height, opaque: image.opaque };
      return resultWithSubject(enlarged, input.subject, "upscaled", info.width / image.width);
    },

    async edit(input, ctx) {
      checkpoint(ctx);
      const instruction = readEdit(input.prompt);
      if (!understood(instruction)) throw new EngineError("rejected", M.editNotUnderstood);
      const state = input.kept ? readSceneState(input.kept.state) : undefined;
      if (input.kept && state) {
        ctx.reportStage("composing");
        const next = stateAfter(state, instruction);
        const result = await renderEdit(input.kept.cutout, state, next, input.image, ctx.signal);
        checkpoint(ctx);
        return result;
      }
      if (changesScene(instruction)) throw new EngineError("rejected", M.editNeedsOfflineScene);
      const image = await decodeImage(input.image.bytes);
      const look = applyLook(NEUTRAL_LOOK, instruction);
      // The product is kept as it is: the record's cut-out tells it apart, or one made now
      // (a picture where nothing stands out fails as its generation would, `no-subject`).
      if (!cutoutOf(image, input.cutout)) ctx.reportStage("cutting out");
      const mask = await subjectMask(cutout, image, ctx.signal, input.cutout);
      checkpoint(ctx);
      ctx.reportStage("editing");
      const edited = await editPixels(image, look, mask, ctx.signal);
      checkpoint(ctx);
      return resultWithSubject(edited, input.subject, "retouched");
    },

    async keepSubject(input, ctx) {
      checkpoint(ctx);
      ctx.reportStage("composing");
      return keepSubject(input, upscaler, ctx.signal);
    },

    // Its generations compose the subject cut out at the job's threshold, or fail without one.
    needsSubject,
    exactByDefault: wantsWhiteBackground,
    checkEdit: editRefusal,
    previewScene,
  };
}
