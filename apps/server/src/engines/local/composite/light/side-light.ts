import { clamp } from "../../common/index.ts";
import type { Bounds } from "../../types.ts";

/** At most this many stops brighter on the lit side and darker on the far side. */
export const MAX_SIDE_EV = 0.1;

/**
 * A gentle key-light falloff across the subject: a gain per picture column (applied to sRGB
 * values) that brightens the side facing the light and darkens the other, in step with the
 * shadow. Uniform over the channels, so it shades without recolouring. Light from the front
 * or from behind gives no falloff.
 */
export function sideLightGains(
  bounds: Bounds,
  width: number,
  lightSide: number,
  backlit: boolean,
): Float32Array {
  const gains = new Float32Array(width).fill(1);
  const lateral = backlit ? 0 : (0.5 - lightSide) * 2;
  if (Math.abs(lateral) < 0.05) return gains;
  const centre = (bounds.left + bounds.right) / 2;
  const half = Math.max(1, (bounds.right - bounds.left) / 2);
  for (let x = 0; x < width; x++) {
    const across = clamp((x - centre) / half, -1, 1);
    // Light from the left (lateral > 0) brightens the left side (across < 0).
    const ev = -MAX_SIDE_EV * lateral * across;
    gains[x] = 2 ** (ev / 2.2);
  }
  return gains;
}
