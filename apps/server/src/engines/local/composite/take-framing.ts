import type { FrameEdges } from "../common/index.ts";
import type { Bounds, Size, TakeComposition } from "../types.ts";

/** No take puts a subject's free side closer to the picture's edge than this share of it. */
const MARGIN = 0.04;
/** A subject cut on both sides of an axis may be shot closer, never by more than this. */
const LARGEST_ZOOM = 1.25;

/**
 * Where a whole subject goes in a take's shot: scaled about its foot and moved across to the
 * take's place, never closer to the sides than a margin (a subject too wide for that is centred).
 * `reach` is how far what stands with it spreads either side of its middle (a podium under it),
 * half its own width by default.
 */
export function takeFraming(
  box: Bounds,
  width: number,
  take: TakeComposition,
  reach: (scaled: Bounds) => number = (scaled) => (scaled.right - scaled.left) / 2,
): Bounds {
  const boxWidth = Math.round((box.right - box.left) * take.scale);
  const boxHeight = Math.round((box.bottom - box.top) * take.scale);
  const middle = (box.left + box.right) / 2;
  const margin = width * MARGIN;
  const wanted = take.subjectX === undefined ? middle : width * take.subjectX;
  const half = reach({ left: 0, top: box.bottom - boxHeight, right: boxWidth, bottom: box.bottom });
  const lowest = margin + half;
  const highest = width - margin - half;
  const centre = lowest > highest ? width / 2 : Math.min(highest, Math.max(lowest, wanted));
  const left = Math.round(centre - boxWidth / 2);
  return { left, top: box.bottom - boxHeight, right: left + boxWidth, bottom: box.bottom };
}

/** Whether a take's shot moves or scales a whole subject from where the framing put it. */
export function takeMoves(take: TakeComposition): boolean {
  return take.subjectX !== undefined || take.scale !== 1;
}

/** Along one axis: the cut sides, the box's extent on it and the picture's length. */
type Axis = { low: boolean; high: boolean; start: number; end: number; length: number };

/** How far a box may grow about its anchor on one axis before a side the photo kept leaves it. */
function roomToGrow({ low, high, start, end, length }: Axis): number {
  const margin = length * MARGIN;
  const size = end - start;
  if (low && high) return Number.POSITIVE_INFINITY;
  if (low) return (length - margin) / Math.max(1, end);
  if (high) return (length - margin) / Math.max(1, length - start);
  const middle = (start + end) / 2;
  const half = Math.min(middle - margin, length - margin - middle);
  return (half * 2) / Math.max(1, size);
}

/** The box's new extent on one axis scaled by `scale` about its cut side (its middle if none). */
function scaledAxis({ low, high, start, end }: Axis, scale: number): [number, number] {
  const size = (end - start) * scale;
  if (low && !high) return [start, start + size];
  if (high && !low) return [end - size, end];
  const middle = (start + end) / 2;
  return [middle - size / 2, middle + size / 2];
}

/**
 * Where a subject the photo cuts (a bust, a cat running off the frame) goes in a take's shot:
 * the camera steps back or in about the cut edges, so they stay on the picture's edges and no cut
 * shows. Cut on both sides of an axis, it can only come closer, and only while what the photo
 * kept whole stays in the picture; a side it does not touch may move across to the take's place,
 * as a whole subject's does. Undefined when the take keeps the framing as it is.
 */
export function cutTakeFraming(
  box: Bounds,
  edges: FrameEdges,
  canvas: Size,
  take: TakeComposition,
): Bounds | undefined {
  const x: Axis = {
    low: edges.left,
    high: edges.right,
    start: box.left,
    end: box.right,
    length: canvas.width,
  };
  const y: Axis = {
    low: edges.top,
    high: edges.bottom,
    start: box.top,
    end: box.bottom,
    length: canvas.height,
  };
  const pinned = (x.low && x.high) || (y.low && y.high);
  // A subject running off every edge fills the picture: no step shows more of the scene.
  if (x.low && x.high && y.low && y.high) return undefined;
  const wanted = pinned ? 1 / take.cutScale : take.cutScale;
  const scale = Math.min(wanted, LARGEST_ZOOM, roomToGrow(x), roomToGrow(y));
  if (pinned ? scale < 1.02 : Math.abs(scale - 1) < 0.02 && take.subjectX === undefined) {
    return undefined;
  }
  const [left, right] = scaledAxis(x, scale);
  const [top, bottom] = scaledAxis(y, scale);
  const free = !x.low && !x.high;
  const shift = free ? acrossTo(left, right, canvas.width, take.subjectX) : 0;
  return {
    left: Math.round(left + shift),
    top: Math.round(top),
    right: Math.round(right + shift),
    bottom: Math.round(bottom),
  };
}

/** How far a box free on both sides moves toward the take's place, its sides kept in margin. */
function acrossTo(left: number, right: number, width: number, subjectX?: number): number {
  if (subjectX === undefined) return 0;
  const margin = width * MARGIN;
  const half = (right - left) / 2;
  const lowest = margin + half;
  const highest = width - margin - half;
  if (lowest > highest) return 0;
  return Math.min(highest, Math.max(lowest, width * subjectX)) - (left + right) / 2;
}
