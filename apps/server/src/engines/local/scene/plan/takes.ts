import type { TakeComposition } from "../../types.ts";

/**
 * The shots a request's takes are made from. A request's takes have consecutive seeds, so each
 * of up to four takes gets its own shot: the subject in the middle, in the left and the right
 * third, and further off; the camera at the subject's middle, a little lower and higher; the key light from
 * alternate sides. A subject the photo cuts cannot move freely: the camera steps back from it
 * by its own amount instead (see cutTakeFraming). Each is one a photographer would take of the same set.
 */
const COMPOSITIONS: readonly Omit<TakeComposition, "index">[] = [
  { scale: 1, cutScale: 1, horizonAt: 0.5, lightSide: 0.3, whiteHardness: 0.15 },
  {
    subjectX: 0.37,
    scale: 0.9,
    cutScale: 0.86,
    horizonAt: 0.7,
    lightSide: 0.76,
    whiteHardness: 0.4,
  },
  {
    subjectX: 0.63,
    scale: 0.9,
    cutScale: 0.74,
    horizonAt: 0.12,
    lightSide: 0.22,
    whiteHardness: 0.05,
  },
  {
    subjectX: 0.5,
    scale: 0.78,
    cutScale: 0.93,
    horizonAt: 0.3,
    lightSide: 0.7,
    whiteHardness: 0.3,
  },
];

/** How many different shots a request's takes can have. */
export const TAKE_COMPOSITIONS = COMPOSITIONS.length;

/** The shot of the take made with `seed`: consecutive seeds give different ones. */
export function takeComposition(seed: number): TakeComposition {
  const index = (seed >>> 0) % COMPOSITIONS.length;
  return { index, ...(COMPOSITIONS[index] as Omit<TakeComposition, "index">) };
}
