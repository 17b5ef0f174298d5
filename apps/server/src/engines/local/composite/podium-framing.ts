import { podiumReach, podiumShape } from "../scene/index.ts";
import type { Bounds, SceneGeometry } from "../types.ts";

/** The podium's lowest reach stays this far inside the picture's bottom edge. */
const BOTTOM_MARGIN = 0.02;
/** The subject's top stays this far inside the picture's top edge. */
const TOP_MARGIN = 0.04;
const SHRINK_STEP = 0.96;
const SMALLEST = 0.25;

/**
 * Where a standing subject goes when it stands on a podium: centred across the picture, its
 * base on the podium's top, and as large as it can be while the whole podium, down to its
 * floor shadow, and the subject's top stay inside the frame. It never grows, and it keeps its
 * own base line when the podium already fits under it.
 */
export function podiumFraming(
  bounds: Bounds,
  width: number,
  height: number,
  topDown: boolean,
): Bounds {
  const boxWidth = bounds.right - bounds.left;
  const boxHeight = bounds.bottom - bounds.top;
  let placed: Bounds | undefined;
  for (let scale = 1; scale >= SMALLEST && !placed; scale *= SHRINK_STEP) {
    const newWidth = Math.max(1, Math.round(boxWidth * scale));
    const newHeight = Math.max(1, Math.round(boxHeight * scale));
    const left = Math.round((width - newWidth) / 2);
    const probe = { left, top: 0, right: left + newWidth, bottom: 0 };
    const shape = podiumShape(probe, width, height, topDown);
    const below = shape.bottom - shape.top + podiumReach(shape);
    const lowestBase = Math.floor(height * (1 - BOTTOM_MARGIN) - below);
    const base = Math.min(bounds.bottom, lowestBase);
    const fitsAcross = shape.rx <= width * 0.49;
    if (base - newHeight >= height * TOP_MARGIN && fitsAcross) {
      placed = { left, top: base - newHeight, right: left + newWidth, bottom: base };
    }
  }
  return placed ?? bounds;
}

/**
 * Keeps the subject's shadows on the podium's top face: past its rim there is no floor at the
 * subject's height for them to fall on. The rim is softened over a few pixels.
 */
export function clipToPodiumTop(shade: Buffer, geometry: SceneGeometry, topDown: boolean): void {
  const { width, height, subject } = geometry;
  if (!subject) return;
  const { cx, rx, ry, top } = podiumShape(subject, width, height, topDown);
  const soft = Math.max(1.5, rx * 0.03);
  for (let y = 0; y < height; y++) {
    const dy = (y + 0.5 - top) / ry;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((shade[i] ?? 0) === 0) continue;
      const dx = (x + 0.5 - cx) / rx;
      // Distance past the rim, in pixels along the larger radius.
      const past = (Math.sqrt(dx * dx + dy * dy) - 1) * rx;
      if (past <= -soft) continue;
      shade[i] = past >= 0 ? 0 : Math.round((shade[i] ?? 0) * (-past / soft));
    }
  }
}
