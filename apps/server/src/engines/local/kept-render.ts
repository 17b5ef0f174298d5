import type { Sharp } from "sharp";
import { composite } from "./composite.ts";
import type { Cutout } from "./cutout.ts";
import { fromRaw } from "./decode.ts";
import { hasPictureLook } from "./edit-look.ts";
import type { SceneState } from "./kept-scene.ts";
import { applyPictureLook } from "./look-pixels.ts";
import { lookedPlan } from "./look-plan.ts";
import { planScene, type RenderQuality, type ScenePlan } from "./scene-plan.ts";

// The composite takes the render quality as its fourth argument; one that predates it ignores it.
const compositeScene: (
  cutout: Cutout,
  plan: ScenePlan,
  seed: number,
  quality: RenderQuality,
) => Promise<Sharp> = composite;

/** The plan a state renders: the prompt with the edits' scene words, then the look's settings. */
export function planOf(state: SceneState): ScenePlan {
  return lookedPlan(planScene(state.prompt, state.revisions), state.look);
}

/**
 * Renders a picture from a cut-out and a scene state: the generation's render, and every edit's
 * again, so the same state always gives the same picture. An opaque pipeline at the cut-out's size.
 */
export async function renderKept(cutout: Cutout, state: SceneState): Promise<Sharp> {
  const pipeline = await compositeScene(cutout, planOf(state), state.seed, state.quality);
  if (!hasPictureLook(state.look)) return pipeline;
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const looked = applyPictureLook(
    { rgba: data, width: info.width, height: info.height, opaque: true },
    state.look,
  );
  return fromRaw(looked.rgba, looked.width, looked.height);
}
