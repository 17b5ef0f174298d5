import type { Cutout } from "../types.ts";
import { cutEdges } from "./cut-edges.ts";

/** A subject covering this share of its photo leaves little room for any scene. */
const COVERS = 0.6;
/** Mask at or above this (of 255) is the subject. */
const SOLID = 128;

/**
 * Whether the subject fills its photo: it runs off three or four of the photo's edges, or covers
 * most of it. Such a subject is kept as photographed (framing leaves a cut subject where it is),
 * so only a little of any scene shows around it.
 */
export function fillsFrame(cutout: Cutout): boolean {
  const edges = cutEdges(cutout);
  const runsOff = [edges.top, edges.bottom, edges.left, edges.right].filter(Boolean).length;
  if (runsOff >= 3) return true;
  let solid = 0;
  for (const alpha of cutout.mask) if (alpha >= SOLID) solid++;
  return solid >= cutout.mask.length * COVERS;
}
