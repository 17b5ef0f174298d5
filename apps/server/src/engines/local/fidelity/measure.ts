import { UNCHANGED_DELTA_E } from "@backdrop/shared";
import { deltaE2000, labOf } from "./delta-e.ts";
import { productRegion } from "./product-region.ts";

/** How far inside its outline the product is measured: the feather and the matte's soft edge. */
export function edgeMargin(width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width, height) / 256));
}

/** An image's pixels: 3 (RGB) or 4 (RGBA) channels per pixel. */
export type Pixels = { data: Uint8Array; width: number; height: number; channels: 3 | 4 };

export type FidelityMeasure = {
  /** Share of the product's pixels within UNCHANGED_DELTA_E of the original, 0..1. */
  withinDeltaE2: number;
  meanDeltaE: number;
  /** How many pixels were compared. */
  pixels: number;
  /** Each pixel's difference, NaN outside the product: what the difference map draws. */
  deltas: Float32Array;
};

/**
 * How close a result's product is to the original: `reference` is the subject's original pixels
 * (RGBA, transparent elsewhere) placed where the result shows it, at the result's size. Only
 * the product's inside is compared (see productRegion). Undefined when none of it is in frame.
 */
export function measureFidelity(
  result: Pixels,
  reference: Uint8Array,
): FidelityMeasure | undefined {
  const { data, width, height, channels } = result;
  const region = productRegion(reference, width, height, edgeMargin(width, height));
  const deltas = new Float32Array(width * height).fill(Number.NaN);
  const lab = new Float64Array(6);
  let pixels = 0;
  let within = 0;
  let sum = 0;
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    const p = i * channels;
    const q = i * 4;
    const r = data[p] ?? 0;
    const g = data[p + 1] ?? 0;
    const b = data[p + 2] ?? 0;
    const r0 = reference[q] ?? 0;
    const g0 = reference[q + 1] ?? 0;
    const b0 = reference[q + 2] ?? 0;
    let delta = 0;
    // A pixel put back is the original exactly: most of a paste-back's product needs no maths.
    if (r !== r0 || g !== g0 || b !== b0) {
      labOf(r0, g0, b0, lab, 0);
      labOf(r, g, b, lab, 3);
      delta = deltaE2000(
        lab[0] ?? 0,
        lab[1] ?? 0,
        lab[2] ?? 0,
        lab[3] ?? 0,
        lab[4] ?? 0,
        lab[5] ?? 0,
      );
    }
    deltas[i] = delta;
    pixels++;
    sum += delta;
    if (delta <= UNCHANGED_DELTA_E) within++;
  }
  if (pixels === 0) return undefined;
  return { withinDeltaE2: within / pixels, meanDeltaE: sum / pixels, pixels, deltas };
}
