import type { Sharp } from "sharp";
import { type EngineResult, throwIfAborted } from "../../image-engine.ts";
import { encodeResult, fromRaw } from "../common/index.ts";
import { composite } from "../composite/index.ts";
import { cutoutFromPng } from "../cutout/index.ts";
import { planScene } from "../scene/index.ts";
import type { Cutout, ScenePlan } from "../types.ts";
import { hasPictureLook } from "./edit-look.ts";
import { renderSize, type SceneState } from "./kept-scene.ts";
import { applyPictureLook } from "./look-pixels.ts";
import { lookedPlan } from "./look-plan.ts";

/** The plan a state renders: the prompt with the edits' scene words, then the look's settings. */
export function planOf(state: SceneState): ScenePlan {
  const plan = lookedPlan(planScene(state.prompt, state.revisions, state.props), state.look);
  return { ...plan, castShadow: plan.castShadow && state.castShadow };
}

/**
 * Renders a picture from a cut-out and a scene state: the generation's render, and every edit's
 * again, so the same state always gives the same picture. An opaque pipeline at the state's
 * canvas, or the cut-out's size for a state without one.
 */
export async function renderKept(cutout: Cutout, state: SceneState): Promise<Sharp> {
  const canvas = renderSize(state, cutout);
  const pipeline = await composite(cutout, planOf(state), state.seed, state.quality, canvas);
  if (!hasPictureLook(state.look)) return pipeline;
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const looked = applyPictureLook(
    { rgba: data, width: info.width, height: info.height, opaque: true },
    state.look,
  );
  return fromRaw(looked.rgba, looked.width, looked.height);
}

/**
 * An edit's picture: rendered again from the kept cut-out (PNG) and the edit's new state, at the
 * size of the image being edited (an upscaled picture is rendered at the state's size, then
 * enlarged). It keeps the same cut-out with the new state.
 */
export async function renderEdit(
  cutoutPng: Buffer,
  state: SceneState,
  size: { width: number; height: number },
  signal: AbortSignal,
): Promise<EngineResult> {
  const subject = await cutoutFromPng(cutoutPng);
  throwIfAborted(signal);
  let pipeline = await renderKept(subject, state);
  throwIfAborted(signal);
  const { width, height } = size;
  const rendered = renderSize(state, subject);
  if (width !== rendered.width || height !== rendered.height) {
    // Materialised first: sharp would otherwise resize before compositing.
    const raw = await pipeline.ensureAlpha().raw().toBuffer();
    pipeline = fromRaw(raw, rendered.width, rendered.height).resize(width, height, {
      fit: "fill",
      kernel: "lanczos3",
    });
  }
  const result = await encodeResult(pipeline, { opaque: true, pixels: width * height });
  return { ...result, keep: { cutout: cutoutPng, state: { ...state } } };
}
