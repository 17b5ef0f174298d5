import type { Cutout } from "../types.ts";

/** Which of the picture's edges cut through the subject (a bust's chest, a cat's head). */
export type CutEdges = { top: boolean; bottom: boolean; left: boolean; right: boolean };

/** Alpha the network gives a subject fading out of focus toward the frame still counts. */
const PRESENT = 40;
/** An edge cuts the subject when this share of its outermost pixels is subject. */
const CUT_SHARE = 0.04;

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
