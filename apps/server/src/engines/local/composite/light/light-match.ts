import { clamp, linearToSrgb, luma, type Rgb, srgbToLinear } from "../../common/index.ts";

/** A subtle grade of the subject toward the scene's light. */
export type LightMatch = {
  /** Per-channel white-balance gains in linear light, brightness kept; each within ±MAX_WB. */
  balance: Rgb;
  /** Exposure change in stops, within ±MAX_EV. */
  ev: number;
};

export const MAX_WB = 0.05;
export const MAX_EV = 0.3;
/** The subject keeps most of its own light: it moves this share of the way. */
const WB_SHARE = 0.3;
const EV_SHARE = 0.4;
/** A backlit subject faces away from the light: a little darker. */
const BACKLIT_EV = -0.15;

/**
 * How far to move the subject toward the scene. `scene` is the mean colour around where the
 * subject stands; `reference` the photo's own surroundings (the light the subject was shot in),
 * or undefined when the photo has none (a transparent upload), then only the scene's cast
 * counts and a mid grey stands in for the old exposure.
 */
export function lightMatchFor(
  scene: Rgb,
  reference: Rgb | undefined,
  backlit: boolean,
): LightMatch {
  const sceneLuma = Math.max(1, luma(scene));
  const referenceLuma = Math.max(1, reference ? luma(reference) : 128);
  const ratios = scene.map((c, i) => {
    const sceneChroma = Math.max(1, c) / sceneLuma;
    const referenceChroma = reference ? Math.max(1, reference[i] ?? 1) / referenceLuma : 1;
    return (sceneChroma / referenceChroma) ** WB_SHARE;
  });
  // Keep the brightness: the balance only moves colour, the exposure moves brightness.
  const norm = luma(ratios as unknown as Rgb);
  const balance = ratios.map((r) => clamp(r / norm, 1 - MAX_WB, 1 + MAX_WB)) as unknown as Rgb;
  const ev = clamp(
    EV_SHARE * Math.log2(sceneLuma / referenceLuma) + (backlit ? BACKLIT_EV : 0),
    -MAX_EV,
    MAX_EV,
  );
  return { balance, ev };
}

/**
 * Per-channel lookup tables (sRGB byte → sRGB byte) for a light match. Gains above 1 roll off
 * toward white instead of clipping, so highlights keep their detail; each channel maps on its
 * own, so a saturated colour keeps its hue.
 */
export function lightMatchTables(match: LightMatch): [Uint8Array, Uint8Array, Uint8Array] {
  const exposure = 2 ** match.ev;
  return [0, 1, 2].map((channel) => {
    const gain = exposure * (match.balance[channel] ?? 1);
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const c = srgbToLinear(v);
      const graded = gain > 1 ? (c * gain) / (1 + c * (gain - 1)) : c * gain;
      table[v] = Math.round(clamp(linearToSrgb(graded), 0, 255));
    }
    return table;
  }) as [Uint8Array, Uint8Array, Uint8Array];
}
