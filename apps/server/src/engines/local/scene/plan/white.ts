import { type Rgb, WHITE } from "../../common/index.ts";
import type { ScenePlan } from "../../types.ts";

/**
 * A white, plain or marketplace background is pure #FFFFFF and nothing else: colour, light,
 * podium and camera words do not apply to it. The shadow (a soft contact shadow, on unless the
 * text says "no shadow") and an edit's background gain still do.
 */
export function onWhite(plan: ScenePlan): ScenePlan {
  const white = (): Rgb => [...WHITE];
  return {
    ...plan,
    sky: [white(), white()],
    floor: [white(), white()],
    material: "plain",
    gloss: 0,
    backdrop: "studio",
    camera: { closeUp: false, topDown: false, bokeh: 0 },
    sun: false,
    stars: false,
    podium: false,
    podiumColour: undefined,
    neon: false,
    window: false,
    props: [],
    light: { ...plan.light, tint: white(), amount: 0, backlit: false, contrast: 1, vignette: 0 },
  };
}
