import sharp from "sharp";
import { clamp, type Rgb } from "../common/index.ts";
import type { Bounds, Cutout, RenderQuality } from "../types.ts";

/** The mirror image on the floor below the base line, premultiplied (colour already × alpha). */
export type Reflection = {
  /** The picture row of the strip's first row (the base line). */
  top: number;
  rows: number;
  /** Premultiplied RGB, 0..255, the strip's width is the picture's. */
  rgb: Buffer;
  alpha: Buffer;
};

/** A mirror-like surface shows the reflection this strongly right at the base. */
const MAX_OPACITY = 0.6;

async function blurPlanes(rgb: Buffer, alpha: Buffer, width: number, rows: number, sigma: number) {
  if (sigma < 0.35) return { rgb, alpha };
  const [r, a] = await Promise.all([
    sharp(rgb, { raw: { width, height: rows, channels: 3 } })
      .blur(sigma)
      .raw()
      .toBuffer(),
    sharp(alpha, { raw: { width, height: rows, channels: 1 } })
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  return { rgb: r, alpha: a };
}

/**
 * The subject mirrored below its base line on a glossy surface: strongest at the base, fading
 * and blurring with distance (more blur steps for `rich`), tinted by the surface colour.
 * Undefined when the surface is matte or there is no room below the base.
 */
export async function reflection(
  subject: Cutout,
  bounds: Bounds,
  gloss: number,
  surface: Rgb,
  quality: RenderQuality,
): Promise<Reflection | undefined> {
  const { width, height, rgba } = subject;
  const base = bounds.bottom;
  const subjectHeight = Math.max(1, base - bounds.top);
  const strength = clamp(gloss, 0, 1);
  const fadeLength = subjectHeight * (0.08 + 0.3 * strength);
  const rows = Math.min(height - base, base, Math.ceil(fadeLength * 3));
  if (strength <= 0.01 || rows < 2) return undefined;

  const brightest = Math.max(1, ...surface);
  const tint = surface.map((c) => 0.7 + (0.3 * c) / brightest);
  const rgb = Buffer.alloc(width * rows * 3);
  const alpha = Buffer.alloc(width * rows);
  for (let r = 0; r < rows; r++) {
    const opacity = MAX_OPACITY * strength * Math.exp(-r / fadeLength);
    const source = (base - 1 - r) * width;
    for (let x = 0; x < width; x++) {
      const i = (source + x) * 4;
      const a = ((rgba[i + 3] ?? 0) / 255) * opacity;
      if (a <= 0) continue;
      const o = r * width + x;
      alpha[o] = Math.round(a * 255);
      rgb[o * 3] = Math.round((rgba[i] ?? 0) * a * (tint[0] ?? 1));
      rgb[o * 3 + 1] = Math.round((rgba[i + 1] ?? 0) * a * (tint[1] ?? 1));
      rgb[o * 3 + 2] = Math.round((rgba[i + 2] ?? 0) * a * (tint[2] ?? 1));
    }
  }

  // Rougher surfaces blur the mirror image more, and more with distance from the base.
  const nearSigma = 0.3 + (1 - strength) * subjectHeight * 0.004;
  const farSigma = nearSigma + subjectHeight * (0.008 + 0.03 * (1 - strength));
  const levels = quality === "rich" ? 4 : 2;
  const planes = await Promise.all(
    Array.from({ length: levels }, (_, k) =>
      blurPlanes(rgb, alpha, width, rows, nearSigma + ((farSigma - nearSigma) * k) / (levels - 1)),
    ),
  );
  const out = { top: base, rows, rgb: Buffer.alloc(rgb.length), alpha: Buffer.alloc(alpha.length) };
  for (let r = 0; r < rows; r++) {
    const level = Math.min(1, r / (fadeLength * 2)) * (levels - 1);
    const lower = Math.min(levels - 2, Math.floor(level));
    const t = level - lower;
    const a = planes[lower];
    const b = planes[lower + 1];
    if (!a || !b) continue;
    for (let o = r * width; o < (r + 1) * width; o++) {
      out.alpha[o] = (a.alpha[o] ?? 0) * (1 - t) + (b.alpha[o] ?? 0) * t;
      for (let c = 0; c < 3; c++) {
        out.rgb[o * 3 + c] = (a.rgb[o * 3 + c] ?? 0) * (1 - t) + (b.rgb[o * 3 + c] ?? 0) * t;
      }
    }
  }
  return out;
}
