import { describe, expect, it } from "vitest";
import { boundaryF, boundaryOf, leftovers, maskIou, scoreMatte } from "./mask-metrics.ts";

const SIZE = { width: 12, height: 12 };

/** A 12×12 matte with the given rectangles filled at `alpha`. */
function matte(rects: [x: number, y: number, w: number, h: number, alpha?: number][]) {
  const bytes = new Uint8Array(SIZE.width * SIZE.height);
  for (const [x, y, w, h, alpha = 255] of rects) {
    for (let row = y; row < y + h; row++) {
      for (let col = x; col < x + w; col++) bytes[row * SIZE.width + col] = alpha;
    }
  }
  return bytes;
}

const square = matte([[2, 2, 4, 4]]);

describe("mask metrics", () => {
  it("scores a perfect matte 1, 1 and no leftovers", () => {
    expect(scoreMatte(square, square, SIZE)).toEqual({ iou: 1, boundaryF: 1, leftovers: 0 });
  });

  it("gives a 4×4 square shifted by one pixel IoU 12/20, a perfect F at 2 px and 0.5 at 0 px", () => {
    const shifted = matte([[3, 2, 4, 4]]);
    expect(maskIou(shifted, square, SIZE)).toBeCloseTo(12 / 20, 10);
    expect(boundaryF(shifted, square, SIZE)).toBe(1);
    // Half of each 12-pixel outline lies on the other's.
    expect(boundaryF(shifted, square, SIZE, 0)).toBeCloseTo(0.5, 10);
    // The shifted column touches the truth, which the 1 px allowance forgives.
    expect(leftovers(shifted, square, SIZE)).toBe(0);
  });

  it("counts a far extra blob as leftovers and as outline that is not the subject's", () => {
    const extra = matte([
      [2, 2, 4, 4],
      [9, 9, 2, 2],
    ]);
    expect(maskIou(extra, square, SIZE)).toBeCloseTo(16 / 20, 10);
    expect(leftovers(extra, square, SIZE)).toBeCloseTo(4 / 20, 10);
    // Precision 12/16, recall 1.
    expect(boundaryF(extra, square, SIZE)).toBeCloseTo((2 * 0.75) / 1.75, 10);
  });

  it("weighs leftovers by the alpha kept", () => {
    const faint = matte([
      [2, 2, 4, 4],
      [9, 9, 2, 2, 51],
    ]);
    expect(leftovers(faint, square, SIZE)).toBeCloseTo((4 * 51) / (16 * 255 + 4 * 51), 10);
    // Below alpha 128 the blob is not subject for the binary measures.
    expect(maskIou(faint, square, SIZE)).toBe(1);
  });

  it("scores an empty prediction 0, 0 and no leftovers, and two empty mattes as equal", () => {
    const empty = matte([]);
    expect(scoreMatte(empty, square, SIZE)).toEqual({ iou: 0, boundaryF: 0, leftovers: 0 });
    expect(scoreMatte(empty, empty, SIZE)).toEqual({ iou: 1, boundaryF: 1, leftovers: 0 });
  });

  it("draws no outline along the frame's edge", () => {
    const corner = matte([[0, 0, 3, 3]]);
    const edge = boundaryOf(corner, SIZE);
    const marked = [...edge.keys()].filter((i) => edge[i]).map((i) => [i % 12, Math.floor(i / 12)]);
    expect(marked).toEqual([
      [2, 0],
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
  });

  it("refuses mattes of another size", () => {
    expect(() => maskIou(new Uint8Array(3), square, SIZE)).toThrow();
  });
});
