import sharp from "sharp";
import { clamp } from "../common/index.ts";
import { renderScene } from "../scene/index.ts";
import type { RenderQuality, ScenePlan, Size } from "../types.ts";
import type { SubjectLayout } from "./framing.ts";
import { floorShadow, shadowProjection } from "./shadows/index.ts";

/** The contact shadow's peak opacity at full shadow strength: soft, never a black line. */
const CONTACT_OPACITY = 0.6;
/** What share of the light a fully shaded white floor still gets: a neutral grey shade. */
const SHADE_KEEP = 0.3;
/**
 * Alpha at or below this (of 255) is no subject: a matte's faint haze would grey the white
 * around it. Above it the edge blends straight into the background.
 */
const ALPHA_FLOOR = 6;
/** Shade at or below this (of 255) darkens white by under two levels: it is left white. */
const SHADE_FLOOR = 3;

/** Where a white background's light stands: above, leaning a little toward a take's side. */
function whiteShadowSide(plan: ScenePlan): number {
  return plan.take ? 0.5 + (plan.take.lightSide - 0.5) * 0.3 : 0.5;
}

/**
 * The subject on a white (marketplace) background, as layoutOnWhite framed it: its pixels as cut
 * out (no light match, wrap, rim or reflection, so nothing of a scene's light reaches it or the
 * background), over the flat background renderScene draws for the plan, with a soft contact
 * shadow under a subject that stands (none when the plan's shadow is 0). Everything outside
 * the subject and that shadow is the background's one colour, #FFFFFF unless an edit greyed it.
 * Returns a pipeline of the opaque result at the photo's size, or at `canvas` when given,
 * ready to encode.
 */
export async function compositeOnWhite(
  layout: SubjectLayout,
  plan: ScenePlan,
  seed: number,
  quality: RenderQuality,
  canvas: Size,
) {
  const { width, height } = canvas;
  const { cutout, bounds, standing, geometry } = layout;
  const strength = clamp(plan.shadow, 0, 1);
  const [scene, shade] = await Promise.all([
    renderScene(plan, geometry, seed, quality),
    standing && strength > 0
      ? floorShadow(cutout.mask, width, height, bounds, {
          // A take leans the shadow a little toward its light and hardens it a little, no more.
          projection: shadowProjection(
            { side: whiteShadowSide(plan), elevation: 1, backlit: false },
            false,
          ),
          hardness: plan.take?.whiteHardness ?? 0,
          castOpacity: 0,
          contactOpacity: CONTACT_OPACITY * strength,
          quality,
        })
      : undefined,
  ]);
  const { rgba } = cutout;
  const out = Buffer.from(scene);
  for (let i = 0; i < width * height; i++) {
    const p = i * 3;
    const s = shade?.[i] ?? 0;
    const keep = s > SHADE_FLOOR ? 1 - (s / 255) * (1 - SHADE_KEEP) : 1;
    const a = rgba[i * 4 + 3] ?? 0;
    const alpha = a > ALPHA_FLOOR ? a / 255 : 0;
    for (let c = 0; c < 3; c++) {
      const background = (scene[p + c] ?? 0) * keep;
      const subject = rgba[i * 4 + c] ?? 0;
      out[p + c] = Math.round(background + (subject - background) * alpha);
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } });
}
