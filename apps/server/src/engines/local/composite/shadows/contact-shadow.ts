import sharp from "sharp";
import type { Bounds } from "../../types.ts";

type Plane = { data: Uint8Array; width: number; height: number };

/** A column's lowest point this far above the base (in subject heights) barely touches down. */
const TOUCH_FALLOFF = 0.07;

/**
 * How much each column of the subject touches the floor (0..1) and where its lowest point is:
 * the whole bottom contour follows, a hand held above the floor does not.
 */
function footprint(mask: Plane, bounds: Bounds) {
  const { data, width } = mask;
  const subjectHeight = Math.max(1, bounds.bottom - bounds.top);
  const touch = new Float32Array(width);
  const lowest = new Float32Array(width);
  for (let x = Math.max(0, bounds.left); x < Math.min(width, bounds.right); x++) {
    for (let y = Math.min(mask.height, bounds.bottom) - 1; y >= bounds.top; y--) {
      if ((data[y * width + x] ?? 0) < 128) continue;
      lowest[x] = y + 1;
      touch[x] = Math.exp(-(bounds.bottom - y - 1) / (TOUCH_FALLOFF * subjectHeight));
      break;
    }
  }
  return { touch, lowest };
}

/** A band along each column's lowest point, fading `below` px toward the camera. */
async function band(mask: Plane, bounds: Bounds, below: number, above: number, sigma: number) {
  const { width, height } = mask;
  const { touch, lowest } = footprint(mask, bounds);
  const out = Buffer.alloc(width * height);
  for (let x = 0; x < width; x++) {
    const weight = touch[x] ?? 0;
    if (weight < 0.01) continue;
    const edge = lowest[x] ?? 0;
    const from = Math.max(0, Math.floor(edge - 4 * above));
    const to = Math.min(height, Math.ceil(edge + 5 * below));
    for (let y = from; y < to; y++) {
      const d = y - edge;
      const falloff = d >= 0 ? Math.exp(-d / below) : Math.exp(d / above);
      out[y * width + x] = Math.round(255 * weight * falloff);
    }
  }
  return sharp(out, { raw: { width, height, channels: 1 } })
    .blur(Math.max(0.4, sigma))
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The contact shadow's opacity (0..255) on a working-size mask: a tight dark line where the
 * subject meets the floor, inside a wider, fainter pool of occlusion.
 */
export async function contactShadow(mask: Plane, bounds: Bounds): Promise<Buffer> {
  const size = Math.max(1, bounds.bottom - bounds.top);
  const [tight, pool] = await Promise.all([
    band(mask, bounds, Math.max(0.7, size * 0.012), size * 0.02, size * 0.005),
    band(mask, bounds, Math.max(1, size * 0.04), size * 0.05, size * 0.025),
  ]);
  const out = Buffer.alloc(tight.length);
  for (let i = 0; i < out.length; i++) {
    const a = (tight[i] ?? 0) / 255;
    const b = ((pool[i] ?? 0) / 255) * 0.8;
    out[i] = Math.round(255 * (1 - (1 - a) * (1 - b)));
  }
  return out;
}
