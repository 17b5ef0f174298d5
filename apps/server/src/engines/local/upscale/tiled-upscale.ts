import { throwIfAborted } from "../../image-engine.ts";
import { clamp } from "../common/index.ts";
import type { TileModel } from "../models/index.ts";

export type TiledOptions = {
  /** The largest tile side, before the overlap. */
  tile: number;
  signal: AbortSignal;
  /** Called after each tile with the share of tiles done, ending at 1. */
  onProgress?: (fraction: number) => void;
};

/** Splits a length into equal-ish spans of at most `tile`, so no sliver is left at the end. */
function spans(length: number, tile: number): [start: number, end: number][] {
  const count = Math.max(1, Math.ceil(length / tile));
  return Array.from({ length: count }, (_, i) => [
    Math.round((i * length) / count),
    Math.round(((i + 1) * length) / count),
  ]);
}

/**
 * Runs a 2x model over an RGBA image tile by tile and returns packed RGB at twice the size.
 * Each tile is read with at least the model's reach around it (or up to the image border) and
 * only its own part of the output is kept, so every output pixel is computed from the same
 * inputs as in a whole-image run: no seams. Image borders keep the model's zero padding, as in
 * a whole-image run. All windows have one size (shifted inwards at the borders), so the
 * runtime plans its memory once.
 */
export async function upscaleTiled(
  rgba: Uint8Array,
  width: number,
  height: number,
  model: TileModel,
  options: TiledOptions,
): Promise<Buffer> {
  const out = Buffer.alloc(width * 2 * height * 2 * 3);
  const rows = spans(height, options.tile);
  const columns = spans(width, options.tile);
  const total = rows.length * columns.length;
  const window = (length: number, parts: [number, number][]) =>
    Math.min(length, Math.max(...parts.map(([a, b]) => b - a)) + 2 * model.reach);
  const w = window(width, columns);
  const h = window(height, rows);
  let done = 0;
  for (const [y0, y1] of rows) {
    for (const [x0, x1] of columns) {
      throwIfAborted(options.signal);
      const top = Math.min(Math.max(0, y0 - model.reach), height - h);
      const left = Math.min(Math.max(0, x0 - model.reach), width - w);
      const planes = new Float32Array(3 * w * h);
      for (let y = 0; y < h; y++) {
        let src = ((top + y) * width + left) * 4;
        const row = y * w;
        for (let x = 0; x < w; x++, src += 4) {
          planes[row + x] = rgba[src] ?? 0;
          planes[w * h + row + x] = rgba[src + 1] ?? 0;
          planes[2 * w * h + row + x] = rgba[src + 2] ?? 0;
        }
      }
      const result = await model.run(planes, w, h, options.signal);
      const W = 2 * w;
      const plane = W * 2 * h;
      for (let y = 2 * y0; y < 2 * y1; y++) {
        const row = (y - 2 * top) * W - 2 * left;
        let dst = (y * width * 2 + 2 * x0) * 3;
        for (let x = 2 * x0; x < 2 * x1; x++, dst += 3) {
          // Byte stores truncate (and wrap past 255, hence the clamp): adding 0.5 rounds.
          out[dst] = clamp((result[row + x] ?? 0) + 0.5, 0, 255);
          out[dst + 1] = clamp((result[plane + row + x] ?? 0) + 0.5, 0, 255);
          out[dst + 2] = clamp((result[2 * plane + row + x] ?? 0) + 0.5, 0, 255);
        }
      }
      done += 1;
      options.onProgress?.(done / total);
    }
  }
  return out;
}
