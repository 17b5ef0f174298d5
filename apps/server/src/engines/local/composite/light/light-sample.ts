import { luma, type Rgb } from "../../common/index.ts";
import type { Bounds, Cutout } from "../../types.ts";

/** The scene's mean colour around where the subject stands: the light that falls on it. */
export function sceneLightAround(
  scene: Buffer,
  width: number,
  height: number,
  bounds: Bounds,
): Rgb {
  const padX = (bounds.right - bounds.left) * 0.3;
  const padY = (bounds.bottom - bounds.top) * 0.3;
  const left = Math.max(0, Math.floor(bounds.left - padX));
  const right = Math.min(width, Math.ceil(bounds.right + padX));
  const top = Math.max(0, Math.floor(bounds.top - padY));
  const bottom = Math.min(height, Math.ceil(bounds.bottom + padY));
  let [r, g, b, count] = [0, 0, 0, 0];
  for (let y = top; y < bottom; y += 2) {
    for (let x = left; x < right; x += 2) {
      const i = (y * width + x) * 3;
      r += scene[i] ?? 0;
      g += scene[i + 1] ?? 0;
      b += scene[i + 2] ?? 0;
      count++;
    }
  }
  const n = Math.max(1, count);
  return [r / n, g / n, b / n];
}

/**
 * The mean colour of the photo around the subject: the light it was shot in. Undefined when
 * there is too little of it, or it is a flat fill (the transparent part of a cut-out upload).
 */
export function photoSurroundings(photo: Cutout): Rgb | undefined {
  let [sumR, sumG, sumB, count, lumaSum, lumaSquares] = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < photo.mask.length; i += 2) {
    if ((photo.mask[i] ?? 0) > 16) continue;
    const r = photo.rgba[i * 4] ?? 0;
    const g = photo.rgba[i * 4 + 1] ?? 0;
    const b = photo.rgba[i * 4 + 2] ?? 0;
    sumR += r;
    sumG += g;
    sumB += b;
    const l = luma([r, g, b]);
    lumaSum += l;
    lumaSquares += l * l;
    count++;
  }
  if (count < photo.mask.length * 0.05 * 0.5) return undefined;
  const mean = lumaSum / count;
  if (lumaSquares / count - mean * mean < 0.25) return undefined;
  return [sumR / count, sumG / count, sumB / count];
}
