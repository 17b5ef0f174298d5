import type { Backdrop } from "./backdrop.ts";
import type { Thing } from "./objects.ts";
import type { Subject } from "./subjects/index.ts";

/** The kinds of picture the cut-out is scored on, each reported on its own. */
export const CATEGORIES = [
  "thin parts",
  "glass/transparent",
  "hair and fur",
  "white-on-white",
  "fills the frame",
  "touches other things",
  "cluttered background",
] as const;

export type Category = (typeof CATEGORIES)[number];

/**
 * Another thing touching the subject: standing against its left or right side, overlapping its
 * box by `overlap` (a share of the subject's width), or in front of it, hiding part of it. Its
 * size is a share of the subject's drawn size.
 */
export type Neighbour = {
  thing: Thing;
  side: "left" | "right" | "front";
  width: number;
  height: number;
  overlap: number;
};

/**
 * One picture of the evaluation set: a subject standing with its bottom at `place.bottom` and
 * its middle at `place.x` (shares of the canvas), `place.height` of the canvas tall (above 1 it
 * runs off the frame), over a photographed backdrop.
 */
export type CutoutCase = {
  id: string;
  category: Category;
  subject: Subject;
  canvas: { width: number; height: number };
  place: { x: number; bottom: number; height: number };
  backdrop: Backdrop;
  neighbours?: readonly Neighbour[];
  /** A contact shadow under the subject (off for a subject running off the bottom). */
  shadow?: boolean;
};
