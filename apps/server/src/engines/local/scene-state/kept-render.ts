import type { FidelityKept } from "@backdrop/shared";
import { type EngineResult, scalePlacement, throwIfAborted } from "../../image-engine.ts";
import { fromRaw } from "../common/index.ts";
import { type ComposedScene, composeScene } from "../composite/index.ts";
import { cutoutFromPng } from "../cutout/index.ts";
import { measuredResult } from "../fidelity/index.ts";
import { planScene, type SceneReading } from "../scene/index.ts";
import type { Cutout, ScenePlan } from "../types.ts";
import { hasPictureLook } from "./edit-look.ts";
import { renderSize, type SceneState } from "./kept-scene.ts";
import { applyPictureLook } from "./look-pixels.ts";
import { lookedPlan } from "./look-plan.ts";

/**
 * The plan a state renders: the prompt with the edits' scene words, then the look's settings.
 * `read` is the state's prompt read already (the generation's own reading): it is not read again.
 * A reading of another prompt is not the state's, and is passed over.
 */
export function planOf(state: SceneState, read?: SceneReading): ScenePlan {
  const prompt = read?.prompt === state.prompt ? read : state.prompt;
  const plan = lookedPlan(planScene(prompt, state.revisions, state.props), state.look);
  return { ...plan, castShadow: plan.castShadow && state.castShadow };
}

/**
 * Renders a picture from a cut-out and a scene state: the generation's render, and every edit's
 * again, so the same state always gives the same picture. An opaque pipeline at the state's
 * canvas, or the cut-out's size for a state without one, with the layout the subject got.
 * `plan` is the state's (planOf).
 */
async function renderKept(
  cutout: Cutout,
  state: SceneState,
  plan: ScenePlan,
): Promise<ComposedScene> {
  const canvas = renderSize(state, cutout);
  const scene = await composeScene(cutout, plan, state.seed, state.quality, canvas);
  if (!hasPictureLook(state.look)) return scene;
  const { data, info } = await scene.pipeline
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const looked = applyPictureLook(
    { rgba: data, width: info.width, height: info.height, opaque: true },
    state.look,
  );
  return { ...scene, pipeline: fromRaw(looked.rgba, looked.width, looked.height) };
}

/**
 * How a render keeps the product's pixels: as cut out on white, leaned toward the scene's light
 * elsewhere, and changed with the rest of the picture by a look edit.
 */
function keptBy(state: SceneState, plan: ScenePlan): FidelityKept {
  if (hasPictureLook(state.look)) return "retouched";
  return plan.setting === "white" ? "original" : "light-matched";
}

/**
 * A state's picture, encoded and measured against the cut-out as it lays it out (see
 * measuredResult), at the render's size or the one given (rendered, then enlarged). `plan` is the
 * state's (planOf), planned once for the render and the measure.
 */
export async function measuredRender(
  cutout: Cutout,
  state: SceneState,
  plan: ScenePlan,
  size: { width: number; height: number } = renderSize(state, cutout),
): Promise<EngineResult> {
  const { pipeline: rendering, layout } = await renderKept(cutout, state, plan);
  let pipeline = rendering;
  const rendered = renderSize(state, cutout);
  const { width, height } = size;
  if (width !== rendered.width || height !== rendered.height) {
    // Materialised first: sharp would otherwise resize before compositing.
    const raw = await pipeline.ensureAlpha().raw().toBuffer();
    pipeline = fromRaw(raw, rendered.width, rendered.height).resize(width, height, {
      fit: "fill",
      kernel: "lanczos3",
    });
  }
  const rgba = await pipeline.ensureAlpha().raw().toBuffer();
  // The subject exactly as the render laid it, enlarged as the render was.
  const placement = scalePlacement(layout.placement, width / rendered.width);
  const laid = layout.cutout;
  const reference =
    laid.width === width && laid.height === height
      ? laid
      : {
          rgba: await fromRaw(laid.rgba, laid.width, laid.height)
            .resize(width, height, { fit: "fill", kernel: "lanczos3" })
            .raw()
            .toBuffer(),
          width,
          height,
        };
  return measuredResult({ rgba, width, height }, reference, placement, keptBy(state, plan));
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
  const result = await measuredRender(subject, state, planOf(state), size);
  return { ...result, keep: { cutout: cutoutPng, state: { ...state } } };
}
