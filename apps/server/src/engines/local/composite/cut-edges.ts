import { edgesRunOff, type FrameEdges } from "../common/index.ts";
import type { Cutout } from "../types.ts";

/** Alpha the network gives a subject fading out of focus toward the frame still counts. */
const PRESENT = 40;

/**
 * The edges the subject runs off (a bust's chest, a cat's head). The network's alpha fades
 * where a subject leaves the frame out of focus, so a faint but present subject on the edge
 * counts: judged by solid alpha alone, a bust fading at its chest looks whole and would be
 * shrunk into the middle, floating.
 */
export function cutEdges({ mask, width, height }: Cutout): FrameEdges {
  return edgesRunOff(mask, width, height, PRESENT);
}

export const isCut = (edges: FrameEdges) => edges.top || edges.bottom || edges.left || edges.right;
