import sharp from "sharp";
import { clamp } from "../../common/index.ts";
import type { Bounds, RenderQuality } from "../../types.ts";

/**
 * How the subject's silhouette lands on the floor, in picture space: a point `h` px above the
 * base line moves `shear · h` sideways and `rise · h` up the picture (negative: down, toward
 * the camera). Seen from above there is no projection: the silhouette is shifted by `offset`
 * (in subject heights) instead.
 */
export type ShadowProjection = {
  shear: number;
  rise: number;
  /** Shadow length on the floor over the subject's height: the farther, the softer. */
  length: number;
  offset?: { x: number; y: number };
};

export type ShadowLight = {
  /** 0 = light from the left edge, 1 = from the right. */
  side: number;
  /** 0 = low sun (long shadow), 1 = overhead (short). */
  elevation: number;
  backlit: boolean;
};

/** The floor seen at a glancing angle: depth shrinks to this share in the picture. */
const FORESHORTENING = 0.35;
/** A light never sits exactly at the side: it always comes a little from the front or back. */
const MAX_AZIMUTH = Math.PI * 0.4;
const MAX_LENGTH = 2.5;

/**
 * The projection for a light. `room` is the floor's depth behind the base (base − horizon) in
 * subject heights: a shadow falling away from the camera is flattened so it stays on the floor.
 */
export function shadowProjection(light: ShadowLight, topDown: boolean, room = 1): ShadowProjection {
  const altitude = ((8 + light.elevation * 74) * Math.PI) / 180;
  const length = Math.min(MAX_LENGTH, 1 / Math.tan(altitude));
  const azimuth = (0.5 - light.side) * 2 * MAX_AZIMUTH;
  const across = Math.sin(azimuth);
  const depth = Math.cos(azimuth) * (light.backlit ? -1 : 1);
  if (topDown) {
    const reach = 0.12 * length;
    return { shear: 0, rise: 0, length, offset: { x: across * reach, y: depth * reach } };
  }
  let rise = length * depth * FORESHORTENING;
  if (rise > 0) rise = Math.min(rise, Math.max(0.02, room * 0.92));
  if (Math.abs(rise) < 0.02) rise = 0.02 * (Math.sign(rise) || 1);
  return { shear: length * across, rise, length };
}

type Plane = { data: Uint8Array; width: number; height: number };

function sample(plane: Plane, x: number, y: number): number {
  const { data, width, height } = plane;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) return 0;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * width + x0;
  const top = (data[i] ?? 0) * (1 - fx) + (data[i + 1] ?? 0) * fx;
  const bottom = (data[i + width] ?? 0) * (1 - fx) + (data[i + width + 1] ?? 0) * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Opacity along the shadow, 1 at the base fading toward the tip (t = share of the height): the
 * room's fill light reaches more of a long shadow, and more of a soft one.
 */
const fade = (t: number, rate: number) => Math.exp(-t * rate);

/**
 * The projected silhouette (0..255, faded toward its tip) and, per row, how far up the subject
 * the row's shadow comes from (0 base … 1 top), which sets its blur.
 */
function project(
  mask: Plane,
  bounds: Bounds,
  projection: ShadowProjection,
  fadeRate: number,
  maxSteps: number,
) {
  const { width, height } = mask;
  const out = new Float32Array(width * height);
  const reach = new Float32Array(height);
  const subjectHeight = Math.max(1, bounds.bottom - bounds.top);
  const base = bounds.bottom;
  const { offset } = projection;
  if (offset) {
    const dx = offset.x * subjectHeight;
    const dy = -offset.y * subjectHeight;
    const opacity = fade(0.3, fadeRate);
    for (let y = 0; y < height; y++) {
      reach[y] = 0.3;
      for (let x = 0; x < width; x++) out[y * width + x] = sample(mask, x - dx, y - dy) * opacity;
    }
    return { out, reach };
  }
  const { shear, rise } = projection;
  // Rows squeezed together are sampled several times, so thin parts are not skipped.
  const steps = Math.min(maxSteps, Math.max(1, Math.ceil(1 / Math.abs(rise))));
  const tipY = base - rise * subjectHeight;
  const fromY = Math.max(0, Math.floor(Math.min(base, tipY)) - 1);
  const toY = Math.min(height - 1, Math.ceil(Math.max(base, tipY)) + 1);
  const sideways = [0, shear * subjectHeight];
  const fromX = Math.max(0, Math.floor(bounds.left + Math.min(...sideways)) - 1);
  const toX = Math.min(width - 1, Math.ceil(bounds.right + Math.max(...sideways)) + 1);
  for (let y = 0; y < height; y++) {
    reach[y] = clamp((base - y) / rise / subjectHeight, 0, 1);
  }
  for (let y = fromY; y <= toY; y++) {
    const h = (base - y) / rise;
    for (let x = fromX; x <= toX; x++) {
      let strongest = 0;
      for (let s = 0; s < steps; s++) {
        const hs = h + ((s + 0.5) / steps - 0.5) / Math.abs(rise);
        if (hs < 0 || hs > subjectHeight) continue;
        const value = sample(mask, x - shear * hs, base - hs);
        if (value > strongest) strongest = value;
      }
      out[y * width + x] = strongest * fade(h / subjectHeight, fadeRate);
    }
  }
  return { out, reach };
}

async function blurred(plane: Float32Array, width: number, height: number, sigma: number) {
  const bytes = Buffer.alloc(width * height);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(plane[i] ?? 0);
  if (sigma < 0.35) return bytes;
  return sharp(bytes, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The cast shadow's opacity (0..255) on a working-size mask: the silhouette projected onto the
 * floor, blurred more the farther it falls from the base and the softer the light. The blur
 * is a blend of a few fixed blurs (more of them for `rich`), picked per row.
 */
export async function castShadow(
  mask: Plane,
  bounds: Bounds,
  projection: ShadowProjection,
  hardness: number,
  quality: RenderQuality,
): Promise<Buffer> {
  const { width, height } = mask;
  const subjectHeight = Math.max(1, bounds.bottom - bounds.top);
  const softness = 1 - clamp(hardness, 0, 1);
  const fadeRate = 0.5 + 0.25 * projection.length + 0.6 * softness;
  const { out, reach } = project(mask, bounds, projection, fadeRate, quality === "rich" ? 24 : 8);
  const nearSigma = Math.max(0.4, subjectHeight * (0.004 + 0.01 * softness));
  const farSigma = Math.max(
    nearSigma * 1.5,
    Math.min(0.16, projection.length * (0.008 + 0.12 * softness ** 1.5)) * subjectHeight,
  );
  const levels = quality === "rich" ? 6 : 3;
  const sigmas = Array.from(
    { length: levels },
    (_, i) => nearSigma * (farSigma / nearSigma) ** (i / (levels - 1)),
  );
  const planes = await Promise.all(sigmas.map((sigma) => blurred(out, width, height, sigma)));
  const result = Buffer.alloc(width * height);
  const logRange = Math.log(farSigma / nearSigma);
  for (let y = 0; y < height; y++) {
    const wanted = nearSigma + (reach[y] ?? 0) * (farSigma - nearSigma);
    const level = (Math.log(wanted / nearSigma) / logRange) * (levels - 1);
    const lower = Math.min(levels - 2, Math.floor(level));
    const mixUpper = level - lower;
    const a = planes[lower] as Buffer;
    const b = planes[lower + 1] as Buffer;
    for (let i = y * width; i < (y + 1) * width; i++) {
      result[i] = (a[i] ?? 0) * (1 - mixUpper) + (b[i] ?? 0) * mixUpper;
    }
  }
  return result;
}
