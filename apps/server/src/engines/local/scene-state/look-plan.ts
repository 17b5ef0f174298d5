import { clamp, darken, hex, luma, mix, type Rgb } from "../common/index.ts";
import type { SceneLight, ScenePlan, SceneSetting } from "../types.ts";
import type { LookSettings } from "./edit-look.ts";

const WARM_LIGHT = hex("#ffb36b");
const COOL_LIGHT = hex("#a9c6ff");
/** How far one step of warmth leans the scene's light, and one step of blur its depth of field. */
const WARMTH_STEP = 0.14;
const BLUR_STEP = 0.3;

/** Places with no wall to paint: a backdrop colour puts a painted wall behind the subject. */
const OUTDOORS = new Set<SceneSetting>(["beach", "forest", "city", "mountains", "sky", "water"]);

/**
 * The paint that comes out as `colour` once the scene's light has tinted it: the render's finish
 * multiplies each channel by the light's gain and spreads it by its contrast (pixels.ts), so a
 * sunset's orange would turn a blue wall mauve. Clamped, so a strong tint is only undone so far.
 */
function paintUnder(colour: Rgb, { tint, amount, contrast }: SceneLight): Rgb {
  const tintLuma = Math.max(1, luma(tint));
  const [r, g, b] = colour.map((target, c) => {
    const gain = 1 - amount + (amount * (tint[c] ?? 0)) / tintLuma;
    return clamp(((target - 128) / contrast + 128) / Math.max(0.2, gain), 0, 255);
  });
  return [r ?? 0, g ?? 0, b ?? 0];
}

/**
 * The backdrop painted the edit's colour, whatever the plan drew there before: a studio's paper
 * (and the sweep under the subject), a room's walls, or outdoors a painted wall on the place's
 * own ground. The paint undoes the scene's own light (a sunset's, a neon's) and not the look's
 * warmth, so "warmer" after it still warms the wall. A white background is flat: its colour
 * goes on the pixels (see kept-render).
 */
function paintedBackdrop(plan: ScenePlan, colour: Rgb, sceneLight: SceneLight): ScenePlan {
  if (plan.setting === "white") return plan;
  const outdoors = OUTDOORS.has(plan.setting);
  const paint = paintUnder(colour, sceneLight);
  const sky: [Rgb, Rgb] = [darken(paint, 0.88), paint];
  const sweep = plan.backdrop === "studio";
  const floor: [Rgb, Rgb] = sweep
    ? [mix(plan.floor[0], paint, 0.8), mix(plan.floor[1], darken(paint, 0.82), 0.8)]
    : plan.floor;
  return {
    ...plan,
    setting: outdoors ? "studio" : plan.setting,
    backdrop: outdoors ? "wall" : plan.backdrop,
    sky,
    floor,
    sun: false,
    stars: false,
  };
}

/**
 * The plan with the look's scene settings on it: background gain, depth of field, shadow,
 * the light's colour and the backdrop's colour. The renderer and composite draw them; nothing
 * here touches pixels.
 */
export function lookedPlan(plan: ScenePlan, look: LookSettings): ScenePlan {
  const light = { ...plan.light };
  if (look.warmth !== 0) {
    const lean = WARMTH_STEP * Math.abs(look.warmth);
    const total = light.amount + lean;
    light.tint = mix(light.tint, look.warmth > 0 ? WARM_LIGHT : COOL_LIGHT, lean / total);
    light.amount = Math.min(0.7, total);
  }
  const looked: ScenePlan = {
    ...plan,
    camera: {
      ...plan.camera,
      bokeh: clamp(plan.camera.bokeh + BLUR_STEP * look.blur, 0, 1),
    },
    backgroundGain: plan.backgroundGain * look.backgroundGain,
    shadow: look.shadow ?? plan.shadow,
    light,
  };
  return look.backdrop ? paintedBackdrop(looked, look.backdrop, plan.light) : looked;
}
