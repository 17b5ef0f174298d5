// How fidelity is told and shown. Kept apart from its schema (fidelity.schema.ts) so that the
// web app's first download can use it without zod.

/**
 * How a result kept the product's pixels (issue 15):
 * - `original`: the photo's own pixels, put back over the model's picture or composited as cut;
 * - `light-matched`: the photo's pixels leaned toward the scene's light, within bounds (offline);
 * - `redrawn`: the model drew the product itself (the user let it relight the product, or the
 *   edit asked to change the product);
 * - `retouched`: a look edit changed the whole picture, product included;
 * - `upscaled`: enlarged by the engine's upscaler.
 */
export const FIDELITY_KEPT = [
  "original",
  "light-matched",
  "redrawn",
  "retouched",
  "upscaled",
] as const;
export type FidelityKept = (typeof FIDELITY_KEPT)[number];

/** At or under this CIEDE2000 difference a product pixel counts as unchanged. */
export const UNCHANGED_DELTA_E = 2;

/** The share as the studio's badge shows it: one decimal, never rounded up to 100%. */
export function fidelityPercent(share: number): string {
  const tenths = Math.floor(share * 1000) / 10;
  return `${tenths.toFixed(1)}%`;
}
