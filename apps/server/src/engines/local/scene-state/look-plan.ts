import { clamp, hex, mix } from "../common/index.ts";
import type { ScenePlan } from "../types.ts";
import type { LookSettings } from "./edit-look.ts";

const WARM_LIGHT = hex("#ffb36b");
const COOL_LIGHT = hex("#a9c6ff");
/** How far one step of warmth leans the scene's light, and one step of blur its depth of field. */
const WARMTH_STEP = 0.14;
const BLUR_STEP = 0.3;

/**
 * The plan with the look's scene settings on it: background gain, depth of field, shadow and
 * the light's colour. The renderer and composite draw them; nothing here touches pixels.
 */
export function lookedPlan(plan: ScenePlan, look: LookSettings): ScenePlan {
  const light = { ...plan.light };
  if (look.warmth !== 0) {
    const lean = WARMTH_STEP * Math.abs(look.warmth);
    const total = light.amount + lean;
    light.tint = mix(light.tint, look.warmth > 0 ? WARM_LIGHT : COOL_LIGHT, lean / total);
    light.amount = Math.min(0.7, total);
  }
  return {
    ...plan,
    camera: {
      ...plan.camera,
      bokeh: clamp(plan.camera.bokeh + BLUR_STEP * look.blur, 0, 1),
    },
    backgroundGain: plan.backgroundGain * look.backgroundGain,
    shadow: look.shadow ?? plan.shadow,
    light,
  };
}
