/** What a brush stroke does to the mask: keep paints the subject back, erase takes it away. */
export type BrushMode = "keep" | "erase";

export type Mask = { data: Uint8Array; width: number; height: number };

export type Brush = {
  mode: BrushMode;
  /** The brush's radius in mask pixels. */
  radius: number;
  /** 0 (hard edge) to 1 (the whole radius fades out). */
  softness: number;
};

export type Point = { x: number; y: number };

/** The mask pixels a stamp changed, to redraw only those: x, y, width, height. */
export type DirtyRect = { x: number; y: number; width: number; height: number };

/** The brush's strength at `distance` from its centre, from 1 inside to 0 at the rim. */
function strengthAt(distance: number, brush: Brush): number {
  if (distance > brush.radius) return 0;
  const hardRadius = brush.radius * (1 - brush.softness);
  if (distance <= hardRadius) return 1;
  return (brush.radius - distance) / (brush.radius - hardRadius);
}

/**
 * Paints the segment from `from` to `to` into the mask with round stamps close enough to
 * leave no gaps. A pixel only moves toward the brush's target (255 keep, 0 erase), by the
 * brush's strength there, so a slow stroke over the same spot does not build a harder edge
 * than one pass. Answers the rectangle it changed, or null when it fell outside the mask.
 */
export function stampSegment(mask: Mask, from: Point, to: Point, brush: Brush): DirtyRect | null {
  const { data, width, height } = mask;
  const radius = Math.max(0.5, brush.radius);
  const left = Math.max(0, Math.floor(Math.min(from.x, to.x) - radius));
  const top = Math.max(0, Math.floor(Math.min(from.y, to.y) - radius));
  const right = Math.min(width - 1, Math.ceil(Math.max(from.x, to.x) + radius));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(from.y, to.y) + radius));
  if (left > right || top > bottom) return null;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const lengthSquared = dx * dx + dy * dy;
  const target = brush.mode === "keep" ? 255 : 0;
  for (let y = top; y <= bottom; y += 1) {
    for (let x = left; x <= right; x += 1) {
      // distance from the pixel's centre to the segment: the union of every stamp along it
      const px = x + 0.5;
      const py = y + 0.5;
      const along =
        lengthSquared === 0
          ? 0
          : Math.max(0, Math.min(1, ((px - from.x) * dx + (py - from.y) * dy) / lengthSquared));
      const distance = Math.hypot(px - (from.x + along * dx), py - (from.y + along * dy));
      const strength = strengthAt(distance, { ...brush, radius });
      if (strength <= 0) continue;
      const index = y * width + x;
      const now = data[index] as number;
      const painted = Math.round(now + (target - now) * strength);
      data[index] = target === 255 ? Math.max(now, painted) : Math.min(now, painted);
    }
  }
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}
