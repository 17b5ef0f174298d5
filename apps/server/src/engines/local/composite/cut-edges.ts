import sharp from "sharp";
import type { Cutout } from "../types.ts";

/** Which of the picture's edges cut through the subject (a bust's chest, a cat's head). */
export type CutEdges = { top: boolean; bottom: boolean; left: boolean; right: boolean };

/** Alpha the network gives a subject fading out of focus toward the frame still counts. */
const PRESENT = 40;
/** Alpha at or above this is solid subject. */
const SOLID = 200;
/** An edge cuts the subject when this share of its outermost pixels is subject. */
const CUT_SHARE = 0.04;
/** How far in from a cut edge a fading subject is made solid, as a share of that side. */
const FADE_DEPTH = 0.12;
/** Gaps in a frame-filling subject narrower than this share of the long side are closed. */
const CLOSE_SHARE = 0.05;
/** The closing is worked out at this long side and scaled back: it only needs the shape. */
const CLOSE_SIDE = 256;

/** Whether `count` of `length` pixels along an edge are subject. */
const cuts = (count: number, length: number) => count >= Math.max(2, length * CUT_SHARE);

/**
 * The edges the subject runs off. The network's alpha fades where a subject leaves the frame
 * out of focus, so a faint but present subject on the edge counts: judged by solid alpha
 * alone, a bust fading at its chest looks whole and would be shrunk into the middle, floating.
 */
export function cutEdges({ mask, width, height }: Cutout): CutEdges {
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  for (let x = 0; x < width; x++) {
    if ((mask[x] ?? 0) >= PRESENT) top++;
    if ((mask[(height - 1) * width + x] ?? 0) >= PRESENT) bottom++;
  }
  for (let y = 0; y < height; y++) {
    if ((mask[y * width] ?? 0) >= PRESENT) left++;
    if ((mask[y * width + width - 1] ?? 0) >= PRESENT) right++;
  }
  return {
    top: cuts(top, width),
    bottom: cuts(bottom, width),
    left: cuts(left, height),
    right: cuts(right, height),
  };
}

export const isCut = (edges: CutEdges) => edges.top || edges.bottom || edges.left || edges.right;

/**
 * Makes solid the run of fading alpha between a line's last solid pixel and a cut edge: the
 * subject goes on past the frame, so its body there is not see-through.
 */
function solidToEdge(alpha: Buffer, start: number, step: number, length: number): void {
  const depth = Math.max(2, Math.round(length * FADE_DEPTH));
  let solidAt = -1;
  for (let k = 0; k < depth; k++) {
    const value = alpha[start + k * step] ?? 0;
    if (value >= SOLID) {
      solidAt = k;
      break;
    }
    if (value < PRESENT) return;
  }
  for (let k = 0; k < solidAt; k++) alpha[start + k * step] = 255;
}

/**
 * The largest (or, with `pick` Math.min, smallest) value within `radius` along one axis: one
 * pass of a square structuring element, separable. Past the plane's edges the edge pixel
 * repeats, so a subject running off the frame is not eaten in from there.
 */
function slide(
  plane: Uint8Array,
  width: number,
  height: number,
  radius: number,
  across: boolean,
  pick: (a: number, b: number) => number,
): Uint8Array {
  const out = new Uint8Array(plane.length);
  const [lines, length] = across ? [height, width] : [width, height];
  const at = (line: number, k: number) => (across ? line * width + k : k * width + line);
  for (let line = 0; line < lines; line++) {
    for (let k = 0; k < length; k++) {
      let value = plane[at(line, k)] ?? 0;
      const from = Math.max(0, k - radius);
      const to = Math.min(length - 1, k + radius);
      for (let j = from; j <= to; j++) value = pick(value, plane[at(line, j)] ?? 0);
      out[at(line, k)] = value;
    }
  }
  return out;
}

/**
 * Gaps narrower than CLOSE_SHARE between solid parts, worked out small: a morphological
 * closing (grow, then shrink back) of the solid subject, scaled back up softly.
 */
async function closedSolid(mask: Buffer, width: number, height: number): Promise<Buffer> {
  const factor = Math.min(1, CLOSE_SIDE / Math.max(width, height));
  const small = {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
  };
  const solid = await sharp(mask, { raw: { width, height, channels: 1 } })
    .resize(small.width, small.height, { fit: "fill" })
    .threshold(128)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const radius = Math.max(1, Math.round(Math.max(small.width, small.height) * CLOSE_SHARE));
  const pass = (plane: Uint8Array, pick: (a: number, b: number) => number) =>
    slide(
      slide(plane, small.width, small.height, radius, true, pick),
      small.width,
      small.height,
      radius,
      false,
      pick,
    );
  const closed = pass(pass(solid, Math.max), Math.min);
  return sharp(Buffer.from(closed), { raw: { ...small, channels: 1 } })
    .resize(width, height, { fit: "fill", kernel: "linear" })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * A frame-filling subject with solid edges: fading alpha running into a cut edge made solid,
 * and narrow see-through gaps inside the subject's outline (a cat's ear the network half
 * lost against a similar background) closed. Only where the network saw some subject: what
 * it called background stays background.
 */
export async function solidCutSubject(cutout: Cutout, edges: CutEdges): Promise<Cutout> {
  const { width, height } = cutout;
  const mask = Buffer.from(cutout.mask);
  if (edges.top) for (let x = 0; x < width; x++) solidToEdge(mask, x, width, height);
  if (edges.bottom) {
    for (let x = 0; x < width; x++) solidToEdge(mask, (height - 1) * width + x, -width, height);
  }
  if (edges.left) for (let y = 0; y < height; y++) solidToEdge(mask, y * width, 1, width);
  if (edges.right)
    for (let y = 0; y < height; y++) solidToEdge(mask, y * width + width - 1, -1, width);
  const closed = await closedSolid(mask, width, height);
  const rgba = Buffer.from(cutout.rgba);
  for (let i = 0; i < mask.length; i++) {
    const own = mask[i] ?? 0;
    const value = own >= PRESENT / 4 ? Math.max(own, closed[i] ?? 0) : own;
    mask[i] = value;
    rgba[i * 4 + 3] = value;
  }
  return { rgba, mask, width, height };
}
