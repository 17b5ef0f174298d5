import type { DirtyRect, Mask } from "./mask-brush.ts";

/** A mask pixel at or above this counts as kept. */
export const KEPT = 128;

/**
 * "Remove a piece": clears the whole kept region (8-connected) around the pixel at x, y, such
 * as a bit of background the automatic cut-out left behind. Answers the rectangle cleared, or
 * null when that pixel is not kept (nothing changes).
 */
export function removePiece(mask: Mask, x: number, y: number): DirtyRect | null {
  const { data, width, height } = mask;
  const startX = Math.floor(x);
  const startY = Math.floor(y);
  if (startX < 0 || startY < 0 || startX >= width || startY >= height) return null;
  if ((data[startY * width + startX] as number) < KEPT) return null;
  let left = startX;
  let right = startX;
  let top = startY;
  let bottom = startY;
  const stack = [startY * width + startX];
  data[startY * width + startX] = 0;
  while (stack.length > 0) {
    const index = stack.pop() as number;
    const px = index % width;
    const py = (index - px) / width;
    if (px < left) left = px;
    if (px > right) right = px;
    if (py < top) top = py;
    if (py > bottom) bottom = py;
    for (let ny = py - 1; ny <= py + 1; ny += 1) {
      if (ny < 0 || ny >= height) continue;
      for (let nx = px - 1; nx <= px + 1; nx += 1) {
        if (nx < 0 || nx >= width) continue;
        const next = ny * width + nx;
        if ((data[next] as number) >= KEPT) {
          data[next] = 0;
          stack.push(next);
        }
      }
    }
  }
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}
