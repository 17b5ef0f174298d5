import { UNCHANGED_DELTA_E } from "@backdrop/shared";
import type { Fidelity } from "../../image-engine.ts";
import { deltaE2000, labOf } from "./delta-e.ts";
import { productRegion } from "./product-region.ts";

/** How far inside its outline the product is measured: the feather and the matte's soft edge. */
export function edgeMargin(width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width, height) / 256));
}

/**
 * About this many pixels of the frame are read: every pixel of a picture up to it, a regular
 * grid of a larger one (every 2nd pixel each way at 1 MP, every 4th at 4 MP). Tens of thousands
 * of product pixels put the share within a tenth of a per cent, and the map needs no more.
 */
const READ_BUDGET = 300_000;

/** The grid step the measure reads a frame of this size at. */
export function measureStep(width: number, height: number): number {
  return Math.max(1, Math.ceil(Math.sqrt((width * height) / READ_BUDGET)));
}

/** An image's pixels: 3 (RGB) or 4 (RGBA) channels per pixel. */
export type Pixels = { data: Uint8Array; width: number; height: number; channels: 3 | 4 };

/** The grid the measure read, each point's difference (NaN off the product) and its colour. */
export type MeasureGrid = {
  width: number;
  height: number;
  deltas: Float32Array;
  /** The result's RGB at each grid point, for the map to draw over. */
  rgb: Uint8Array;
};

/** The figures of a result's fidelity, and the grid they were read on. */
export type FidelityMeasure = Omit<Fidelity, "kept"> & { grid: MeasureGrid };

/**
 * How close a result's product is to the original: `reference` is the subject's original pixels
 * (RGBA, transparent elsewhere) placed where the result shows it, at the result's size. Only
 * the product's inside is compared (see productRegion), on the grid of measureStep. Undefined
 * when none of it is in frame.
 */
export function measureFidelity(
  result: Pixels,
  reference: Uint8Array,
): FidelityMeasure | undefined {
  const { data, width, height, channels } = result;
  const region = productRegion(reference, width, height, edgeMargin(width, height));
  const step = measureStep(width, height);
  const grid = {
    width: Math.ceil(width / step),
    height: Math.ceil(height / step),
    deltas: new Float32Array(0),
    rgb: new Uint8Array(0),
  };
  grid.deltas = new Float32Array(grid.width * grid.height).fill(Number.NaN);
  grid.rgb = new Uint8Array(grid.width * grid.height * 3);
  const lab = new Float64Array(6);
  let pixels = 0;
  let within = 0;
  let sum = 0;
  for (let gy = 0; gy < grid.height; gy++) {
    for (let gx = 0; gx < grid.width; gx++) {
      const i = gy * step * width + gx * step;
      const g = gy * grid.width + gx;
      const p = i * channels;
      const r = data[p] ?? 0;
      const gr = data[p + 1] ?? 0;
      const b = data[p + 2] ?? 0;
      grid.rgb[g * 3] = r;
      grid.rgb[g * 3 + 1] = gr;
      grid.rgb[g * 3 + 2] = b;
      if (!region[i]) continue;
      const q = i * 4;
      const r0 = reference[q] ?? 0;
      const g0 = reference[q + 1] ?? 0;
      const b0 = reference[q + 2] ?? 0;
      let delta = 0;
      // A pixel put back is the original exactly: most of a paste-back's product needs no maths.
      if (r !== r0 || gr !== g0 || b !== b0) {
        labOf(r0, g0, b0, lab, 0);
        labOf(r, gr, b, lab, 3);
        delta = deltaE2000(
          lab[0] ?? 0,
          lab[1] ?? 0,
          lab[2] ?? 0,
          lab[3] ?? 0,
          lab[4] ?? 0,
          lab[5] ?? 0,
        );
      }
      grid.deltas[g] = delta;
      pixels++;
      sum += delta;
      if (delta <= UNCHANGED_DELTA_E) within++;
    }
  }
  if (pixels === 0) return undefined;
  return { withinDeltaE2: within / pixels, meanDeltaE: sum / pixels, pixels, grid };
}
