import type { FrameEdges } from "../common/index.ts";
import type { Bounds, Cutout, Size } from "../types.ts";

/** A whole subject keeps this share of each side clear when it is moved onto a new canvas. */
const MARGIN = 0.02;

/** How the photo lies on a canvas of other proportions: scaled, its top-left corner moved. */
export type CanvasFit = { scale: number; left: number; top: number };

/** One axis of the photo and the canvas, and how the subject lies along it. */
type Axis = {
  photo: number;
  canvas: number;
  /** The subject's box along the axis, in photo pixels. */
  start: number;
  end: number;
  /** The subject runs off the photo at its start (left, top) or end (right, bottom). */
  cutStart: boolean;
  cutEnd: boolean;
  /** The point of a whole subject that keeps its share of the side: its middle, or its base. */
  anchor: number;
  /** The subject's centre of mass, where a crop of a subject cut at both ends is centred. */
  centre: number;
};

/** `value` within lo..hi; the middle of the two when the range is empty (the box is too big). */
function within(value: number, lo: number, hi: number): number {
  return lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, value));
}

/**
 * The scale that keeps how much of the frame the subject fills (its box's larger share of the
 * photo's sides) on the canvas. A whole subject also fits inside the canvas's margins, and a
 * subject cut on both ends of an axis still spans the canvas along it, so no cut edge floats:
 * that comes first, even where the subject is then cropped across.
 */
function fitScale(x: Axis, y: Axis): number {
  const [boxX, boxY] = [x.end - x.start, y.end - y.start];
  const fills = Math.max(boxX / x.photo, boxY / y.photo);
  let scale = fills / Math.max(boxX / x.canvas, boxY / y.canvas);
  for (const [axis, box] of [
    [x, boxX],
    [y, boxY],
  ] as const) {
    if (!axis.cutStart && !axis.cutEnd) {
      scale = Math.min(scale, (axis.canvas * (1 - 2 * MARGIN)) / box);
    }
  }
  for (const axis of [x, y]) {
    if (axis.cutStart && axis.cutEnd) scale = Math.max(scale, axis.canvas / axis.photo);
  }
  return scale;
}

/**
 * Where the photo's start lands along an axis. A cut end stays on the canvas's edge, or past
 * it when the subject is too large for the canvas: the cut side gives way, never the whole one
 * (a bust keeps its head and loses more of its chest). Cut at both ends, the subject is cropped
 * around its centre of mass (a cat's face, not the edge of its fur). A whole subject keeps its
 * anchor's share of the side, inside the margins.
 */
function offsetAlong(axis: Axis, scale: number): number {
  const { photo, canvas, start, end, cutStart, cutEnd, anchor, centre } = axis;
  const margin = canvas * MARGIN;
  // The offsets that put the box's start, or its end, at its distance from the canvas's edge.
  const startAtRoom = (cutStart ? 0 : margin) - start * scale;
  const endAtRoom = canvas - (cutEnd ? 0 : margin) - end * scale;
  if (cutStart && cutEnd) return within(canvas / 2 - centre * scale, endAtRoom, startAtRoom);
  if (cutStart) return Math.min(0, endAtRoom);
  if (cutEnd) return Math.max(canvas - photo * scale, startAtRoom);
  const point = start + (end - start) * anchor;
  return within((point / photo) * canvas - point * scale, startAtRoom, endAtRoom);
}

/**
 * How a photo whose subject lies in `box` (cut by the frame where `edges` say) goes onto a
 * canvas of another size, as if photographed for it: the subject fills as much of the frame
 * as it did, its middle across and its base down keep their shares of the sides, and the
 * edges it runs off stay on the canvas's edges. The scene's framing rules apply after this.
 */
export function fitOnCanvas(
  box: Bounds,
  photo: Size,
  canvas: Size,
  edges: FrameEdges,
  centre: { x: number; y: number },
): CanvasFit {
  const x: Axis = {
    photo: photo.width,
    canvas: canvas.width,
    start: box.left,
    end: box.right,
    cutStart: edges.left,
    cutEnd: edges.right,
    anchor: 0.5,
    centre: centre.x,
  };
  const y: Axis = {
    photo: photo.height,
    canvas: canvas.height,
    start: box.top,
    end: box.bottom,
    cutStart: edges.top,
    cutEnd: edges.bottom,
    anchor: 1,
    centre: centre.y,
  };
  const scale = fitScale(x, y);
  return { scale, left: offsetAlong(x, scale), top: offsetAlong(y, scale) };
}

/** The subject's centre of mass (its alpha's), or the photo's centre when it has none. */
export function centreOfMass({ mask, width, height }: Cutout): { x: number; y: number } {
  let [sum, sumX, sumY] = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const alpha = mask[y * width + x] ?? 0;
      sum += alpha;
      sumX += alpha * (x + 0.5);
      sumY += alpha * (y + 0.5);
    }
  }
  return sum > 0 ? { x: sumX / sum, y: sumY / sum } : { x: width / 2, y: height / 2 };
}

/** A box of the photo where the fit puts it on the canvas, in whole pixels. */
export function boundsOnCanvas(box: Bounds, { scale, left, top }: CanvasFit): Bounds {
  const x = Math.round(left + box.left * scale);
  const y = Math.round(top + box.top * scale);
  return {
    left: x,
    top: y,
    right: x + Math.max(1, Math.round((box.right - box.left) * scale)),
    bottom: y + Math.max(1, Math.round((box.bottom - box.top) * scale)),
  };
}

/** The part of a box inside the canvas. */
export function clipToCanvas(box: Bounds, { width, height }: Size): Bounds {
  return {
    left: Math.max(0, box.left),
    top: Math.max(0, box.top),
    right: Math.min(width, box.right),
    bottom: Math.min(height, box.bottom),
  };
}
