import type { Bounds } from "../../src/engines/local/types.ts";

/**
 * How busy a box of a picture (RGB, row by row) is: the mean step between neighbouring pixels,
 * summed over the channels. A blur lowers it, a sharper backdrop or a textured surface raises it.
 */
export function detailOf({ rgb, width }: { rgb: Buffer; width: number }, box: Bounds): number {
  let sum = 0;
  let count = 0;
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right - 1; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        sum += Math.abs((rgb[i] ?? 0) - (rgb[i + 3] ?? 0));
      }
      count++;
    }
  }
  return sum / count;
}
