import type { Rgb } from "../../common/index.ts";
import type { SceneGeometry, ScenePlan } from "../../types.ts";

/** A square RGB texture (a power of two a side) and its copies, each half the size. */
export type Mips = { size: number; pixels: Buffer }[];

function halve(size: number, pixels: Buffer): Buffer {
  const half = size >> 1;
  const out = Buffer.alloc(half * half * 3);
  for (let y = 0; y < half; y++) {
    for (let x = 0; x < half; x++) {
      const a = (y * 2 * size + x * 2) * 3;
      const b = a + size * 3;
      for (let c = 0; c < 3; c++) {
        const sum = (pixels[a + c] ?? 0) + (pixels[a + 3 + c] ?? 0) + (pixels[b + c] ?? 0);
        out[(y * half + x) * 3 + c] = (sum + (pixels[b + 3 + c] ?? 0) + 2) >> 2;
      }
    }
  }
  return out;
}

/**
 * Makes a texture wrap without a visible edge: each axis is cross-faded with a copy shifted by
 * half a tile, weighted so that the edges come from the copy's seamless middle.
 */
export function seamless(size: number, pixels: Buffer): Buffer {
  const half = size >> 1;
  const weight = Float32Array.from({ length: size }, (_, i) => Math.sin((Math.PI * i) / size) ** 2);
  const across = Buffer.alloc(pixels.length);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const w = weight[x] ?? 0;
      const at = (y * size + x) * 3;
      const from = (y * size + ((x + half) % size)) * 3;
      for (let c = 0; c < 3; c++)
        across[at + c] = (pixels[at + c] ?? 0) * w + (pixels[from + c] ?? 0) * (1 - w);
    }
  }
  const out = Buffer.alloc(pixels.length);
  for (let y = 0; y < size; y++) {
    const w = weight[y] ?? 0;
    const shifted = ((y + half) % size) * size;
    for (let x = 0; x < size; x++) {
      const at = (y * size + x) * 3;
      const from = (shifted + x) * 3;
      for (let c = 0; c < 3; c++)
        out[at + c] = (across[at + c] ?? 0) * w + (across[from + c] ?? 0) * (1 - w);
    }
  }
  return out;
}

function meanColour(mip: { size: number; pixels: Buffer } | undefined): [number, number, number] {
  const sum = [0, 0, 0];
  const count = mip ? mip.size * mip.size : 0;
  for (let i = 0; i < count * 3; i++) sum[i % 3] = (sum[i % 3] ?? 0) + (mip?.pixels[i] ?? 0);
  return [(sum[0] ?? 0) / (count || 1), (sum[1] ?? 0) / (count || 1), (sum[2] ?? 0) / (count || 1)];
}

export function mipsOf(size: number, pixels: Buffer): Mips {
  const mips: Mips = [{ size, pixels }];
  while (mips.length < 6) {
    const last = mips[mips.length - 1];
    if (!last || last.size < 16) break;
    mips.push({ size: last.size >> 1, pixels: halve(last.size, last.pixels) });
  }
  return mips;
}

/**
 * Lays the surface texture over the floor in perspective: rows near the horizon are further
 * away, so the texture shrinks and compresses toward it and its lines run to a vanishing point.
 * The frame's own floor (gradient and light pools) shades the texture; `base` is the texture's
 * flat colour, which the shading is measured against. Seen from above there is no perspective.
 */
export function paintSurface(
  frame: Buffer,
  geometry: SceneGeometry,
  plan: ScenePlan,
  mips: Mips,
  base: Rgb,
  vanishingX: number,
): void {
  const { width, height } = geometry;
  const topDown = plan.camera.topDown;
  const horizon = topDown ? 0 : Math.max(0, Math.round(geometry.horizon));
  const depth = Math.max(1, height - horizon);
  const size = mips[0]?.size ?? 1;
  // Texture pixels per picture pixel along the bottom row: a close-up sees the grain larger.
  const across = ((plan.camera.closeUp ? 0.55 : 1) * size * (topDown ? 1.2 : 1.1)) / width;
  // How much deeper than wide a texel looks at the bottom row: a camera looking down at about
  // 35 degrees; further rows are compressed more, which is what reads as a receding floor.
  const foreshorten = 1.8;
  const inverse = base.map((c) => 1 / Math.max(8, c));
  const [ir, ig, ib] = [inverse[0] ?? 0, inverse[1] ?? 0, inverse[2] ?? 0];
  const mean = meanColour(mips[mips.length - 1]);
  for (let y = horizon; y < height; y++) {
    const d = y - horizon + 0.5;
    // Far away the texture's detail dissolves into its average colour, which also hides how
    // often the tile repeats there.
    const near = topDown ? 1 : Math.min(1, d / (depth * 0.45));
    const keep = 0.25 + 0.75 * near ** 1.5;
    const [mr, mg, mb] = [mean[0] * (1 - keep), mean[1] * (1 - keep), mean[2] * (1 - keep)];
    const distance = topDown ? 1 : depth / d;
    const stepU = across * distance;
    const stepV = topDown ? across : foreshorten * across * distance * distance;
    // The texture's minification picks the mip level, so far rows do not shimmer or streak.
    const level = Math.log2(Math.max(1, Math.sqrt(stepU * stepV) * 1.3));
    const mip = mips[Math.min(mips.length - 1, Math.round(level))] ?? mips[0];
    if (!mip) return;
    const mipScale = mip.size / size;
    const mask = mip.size - 1;
    const pixels = mip.pixels;
    const v = (topDown ? y * across : foreshorten * across * depth * distance) * mipScale - 0.5;
    const y0 = Math.floor(v);
    const ty = v - y0;
    const rowA = (y0 & mask) * mip.size;
    const rowB = ((y0 + 1) & mask) * mip.size;
    let u = (topDown ? 0 : size * 0.5 - vanishingX * stepU) * mipScale - 0.5;
    const du = stepU * mipScale;
    let at = y * width * 3;
    for (let x = 0; x < width; x++, u += du, at += 3) {
      const x0 = Math.floor(u);
      const tx = u - x0;
      const a = (rowA + (x0 & mask)) * 3;
      const b = (rowA + ((x0 + 1) & mask)) * 3;
      const c = (rowB + (x0 & mask)) * 3;
      const e = (rowB + ((x0 + 1) & mask)) * 3;
      const wa = (1 - tx) * (1 - ty);
      const wb = tx * (1 - ty);
      const wc = (1 - tx) * ty;
      const we = tx * ty;
      const r =
        (pixels[a] ?? 0) * wa +
        (pixels[b] ?? 0) * wb +
        (pixels[c] ?? 0) * wc +
        (pixels[e] ?? 0) * we;
      const g =
        (pixels[a + 1] ?? 0) * wa +
        (pixels[b + 1] ?? 0) * wb +
        (pixels[c + 1] ?? 0) * wc +
        (pixels[e + 1] ?? 0) * we;
      const bl =
        (pixels[a + 2] ?? 0) * wa +
        (pixels[b + 2] ?? 0) * wb +
        (pixels[c + 2] ?? 0) * wc +
        (pixels[e + 2] ?? 0) * we;
      frame[at] = Math.min(255, (r * keep + mr) * (frame[at] ?? 0) * ir);
      frame[at + 1] = Math.min(255, (g * keep + mg) * (frame[at + 1] ?? 0) * ig);
      frame[at + 2] = Math.min(255, (bl * keep + mb) * (frame[at + 2] ?? 0) * ib);
    }
  }
}
