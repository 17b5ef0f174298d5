/** Which of a picture's edges its subject runs off. */
export type FrameEdges = { top: boolean; bottom: boolean; left: boolean; right: boolean };

/** An edge is run off when this share of its outermost pixels (and at least two) is subject. */
const EDGE_SHARE = 0.04;

/**
 * The edges of a `width`×`height` plane (a mask or a matte) along which enough of the
 * outermost pixels are at least `present`: where the subject runs off the picture.
 */
export function edgesRunOff(
  plane: ArrayLike<number>,
  width: number,
  height: number,
  present: number,
): FrameEdges {
  const runsOff = (at: (k: number) => number, length: number) => {
    let count = 0;
    for (let k = 0; k < length; k++) if ((plane[at(k)] ?? 0) >= present) count++;
    return count >= Math.max(2, length * EDGE_SHARE);
  };
  return {
    top: runsOff((k) => k, width),
    bottom: runsOff((k) => (height - 1) * width + k, width),
    left: runsOff((k) => k * width, height),
    right: runsOff((k) => k * width + width - 1, height),
  };
}
