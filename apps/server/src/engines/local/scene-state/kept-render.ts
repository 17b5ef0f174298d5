import type { FidelityKept } from "@backdrop/shared";
import {
  type EngineImage,
  type EngineResult,
  type Placement,
  scalePlacement,
  throwIfAborted,
} from "../../image-engine.ts";
import { decodeImage, fromRaw, pasteSubject, type RawImage, type Rgba } from "../common/index.ts";
import { type ComposedScene, composeScene, layoutFor } from "../composite/index.ts";
import { cutoutFromPng } from "../cutout/index.ts";
import { edgeMargin, measuredResult } from "../fidelity/index.ts";
import { planScene, type SceneReading, takeComposition } from "../scene/index.ts";
import type { Cutout, ScenePlan, Size } from "../types.ts";
import { hasPictureLook } from "./edit-look.ts";
import { renderSize, type SceneState } from "./kept-scene.ts";
import { applyPictureLook, blurBehind, paintFlatBackground } from "./look-pixels.ts";
import { lookedPlan } from "./look-plan.ts";

/**
 * The plan a state renders: the prompt with the edits' scene words, then the look's settings.
 * `read` is the state's prompt read already (the generation's own reading): it is not read again.
 * A reading of another prompt is not the state's, and is passed over.
 */
export function planOf(state: SceneState, read?: SceneReading): ScenePlan {
  const prompt = read?.prompt === state.prompt ? read : state.prompt;
  const plan = lookedPlan(planScene(prompt, state.revisions, state.props), state.look);
  const take = state.take === undefined ? {} : { take: takeComposition(state.take) };
  const exact = state.exactProduct ? { exactProduct: true } : {};
  return { ...plan, castShadow: plan.castShadow && state.castShadow, ...take, ...exact };
}

/**
 * Renders a picture from a cut-out and a scene state: the generation's render, and every edit's
 * again, so the same state always gives the same picture. An opaque pipeline at the state's
 * canvas, or the cut-out's size for a state without one, with the layout the subject got.
 * `plan` is the state's (planOf). The look's pixel work (a flat background's colour, more
 * blur, the picture's grade) is the scene's only: the subject's pixels are left as composed.
 */
async function renderKept(
  cutout: Cutout,
  state: SceneState,
  plan: ScenePlan,
): Promise<ComposedScene> {
  const canvas = renderSize(state, cutout);
  const scene = await composeScene(cutout, plan, state.seed, state.quality, canvas);
  const paint = plan.setting === "white" ? state.look.backdrop : null;
  const blur = plan.setting === "white" ? 0 : state.look.blur;
  if (!paint && blur <= 0 && !hasPictureLook(state.look)) return scene;
  const { data, info } = await scene.pipeline
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { cutout: laid, geometry } = scene.layout;
  const mask = laid.mask;
  let picture: RawImage = { rgba: data, width: info.width, height: info.height, opaque: true };
  if (paint) picture = paintFlatBackground(picture, mask, paint);
  if (blur > 0) {
    picture = await blurBehind(picture, mask, blur, plan.camera.topDown ? 0 : geometry.horizon);
  }
  if (hasPictureLook(state.look)) picture = applyPictureLook(picture, state.look, mask);
  return { ...scene, pipeline: fromRaw(picture.rgba, picture.width, picture.height) };
}

/**
 * How a render keeps the product's pixels: as cut out on white and when the product is kept
 * exact, leaned toward the scene's light elsewhere. A look edit leaves them as they were.
 */
function keptBy(plan: ScenePlan): FidelityKept {
  return plan.setting === "white" || plan.exactProduct ? "original" : "light-matched";
}

/**
 * The picture an edit starts from, at the size of the edit's result, and where its product is:
 * an edit puts that product back over its new scene, so no edit changes it (not the new light's
 * match, nor an upscale's enlargement redone).
 */
export type EditedPicture = { picture: Rgba; placement: Placement };

const samePlace = (a: Placement, b: Placement) =>
  Math.abs(a.x - b.x) < 0.5 &&
  Math.abs(a.y - b.y) < 0.5 &&
  Math.abs(a.width - b.width) < 0.5 &&
  Math.abs(a.height - b.height) < 0.5;

/**
 * The product of the picture edited, put back over the new render where both place it alike
 * (an edit that moves the subject, onto a podium or closer, composes it afresh). `reference` is
 * the cut-out laid as the render laid it: its alpha says where the product is.
 */
async function withEditedProduct(
  rendered: Rgba,
  reference: Rgba,
  placement: Placement,
  edited: EditedPicture | undefined,
): Promise<Buffer> {
  const { width, height } = rendered;
  if (!edited || edited.picture.width !== width || edited.picture.height !== height) {
    return rendered.rgba;
  }
  if (!samePlace(edited.placement, placement)) return rendered.rgba;
  const product = Buffer.from(edited.picture.rgba);
  for (let i = 3; i < product.length; i += 4) product[i] = reference.rgba[i] ?? 0;
  return pasteSubject(rendered, { rgba: product, width, height }, edgeMargin(width, height));
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
  edited?: EditedPicture,
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
  const pixels = await pipeline.ensureAlpha().raw().toBuffer();
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
  const rgba = await withEditedProduct(
    { rgba: pixels, width, height },
    reference,
    placement,
    edited,
  );
  return measuredResult({ rgba, width, height }, reference, placement, keptBy(plan));
}

/** Where a state's render puts the subject, on a picture of `size`. */
async function placementOf(subject: Cutout, state: SceneState, size: Size): Promise<Placement> {
  const rendered = renderSize(state, subject);
  const { placement } = await layoutFor(subject, planOf(state), rendered);
  return scalePlacement(placement, size.width / rendered.width);
}

/**
 * An edit's picture: rendered again from the kept cut-out (PNG) and the edit's new state, at the
 * size of the image being edited (an upscaled picture is rendered at the state's size, then
 * enlarged), with the product of that image (`from`, rendered from the state `was`) put back.
 * It keeps the same cut-out with the new state.
 */
export async function renderEdit(
  cutoutPng: Buffer,
  was: SceneState,
  state: SceneState,
  from: EngineImage,
  signal: AbortSignal,
): Promise<EngineResult> {
  const subject = await cutoutFromPng(cutoutPng);
  const size = { width: from.width, height: from.height };
  const [picture, placement] = await Promise.all([
    decodeImage(from.bytes),
    placementOf(subject, was, size),
  ]);
  throwIfAborted(signal);
  const result = await measuredRender(subject, state, planOf(state), size, {
    picture,
    placement,
  });
  return { ...result, keep: { cutout: cutoutPng, state: { ...state } } };
}
