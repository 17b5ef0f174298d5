import { clamp, hashString, seededRandom } from "../../../common/index.ts";
import type { Bounds, SceneProp } from "../../../types.ts";
import { podiumReach, podiumShape } from "../podium.ts";
import { type Canvas, fixed, type Random, subjectBox } from "../svg.ts";

/** Where props go: beside the subject on the floor, never over it, smaller further away. */

/** One prop family's dice: the same for a seed whatever else the scene holds. */
export function propRandom(canvas: Canvas, prop: SceneProp): Random {
  return seededRandom(canvas.seed ^ hashString(`prop ${prop}`));
}

/** The box nothing beside the subject may enter: the subject's, and the podium under it. */
export function keepOut(canvas: Canvas): Bounds {
  const { geometry, plan } = canvas;
  const box = subjectBox(geometry);
  if (!plan.podium) return box;
  const shape = podiumShape(box, geometry.width, geometry.height, plan.camera.topDown);
  return {
    left: Math.min(box.left, shape.cx - shape.rx),
    right: Math.max(box.right, shape.cx + shape.rx),
    top: box.top,
    bottom: shape.bottom + podiumReach(shape),
  };
}

/** The subject's foot: the floor row its base stands on. */
function footOf(canvas: Canvas): number {
  const box = subjectBox(canvas.geometry);
  return clamp(box.bottom, canvas.geometry.horizon + 1, canvas.geometry.height);
}

/** How large things look at floor row `y` compared with at the subject's foot. */
export function depthScale(canvas: Canvas, y: number): number {
  const { horizon } = canvas.geometry;
  if (canvas.plan.camera.topDown) return 1;
  return clamp((y - horizon) / Math.max(1, footOf(canvas) - horizon), 0.15, 1.6);
}

/**
 * A hand's width at the subject's foot, in pixels: the size props are measured in. It follows
 * the subject's height (props stay in proportion to it) within sane shares of the picture.
 */
export function baseUnit(canvas: Canvas): number {
  const { height } = canvas.geometry;
  const box = subjectBox(canvas.geometry);
  const size = canvas.plan.camera.topDown
    ? Math.max(box.right - box.left, box.bottom - box.top) * 0.3
    : (box.bottom - box.top) * 0.26;
  return clamp(size, height * 0.06, height * 0.17);
}

/** A place on the floor beside the subject, for one family of props. */
export type Spot = {
  /** The kept-out box's edge the props grow away from, in pixels across. */
  edge: number;
  /** -1: they grow to the left of the subject; 1: to the right. */
  side: -1 | 1;
  /** The floor row they stand on. */
  y: number;
  /** A hand's width there, in pixels; props may run past the picture's edge, cropped. */
  unit: number;
};

export type Band = "back" | "front";

/** Where the spots of each band are: behind the foot (toward the horizon) or in front of it. */
function bandRow(canvas: Canvas, band: Band, box: Bounds): number {
  const { height, horizon } = canvas.geometry;
  if (canvas.plan.camera.topDown) {
    return box.top + (box.bottom - box.top) * (band === "back" ? 0.3 : 0.75);
  }
  const foot = footOf(canvas);
  return band === "back"
    ? horizon + (foot - horizon) * 0.6
    : Math.min(height - 2, foot - (foot - horizon) * 0.04);
}

/**
 * Hands out spots to the families that need one, each in the band it prefers when that is
 * free: the wider side's back first, then the other side's front, then the rest.
 */
export function spotsFor(canvas: Canvas, wanted: [SceneProp, Band][]): Map<SceneProp, Spot> {
  const { width } = canvas.geometry;
  const box = keepOut(canvas);
  const wide: -1 | 1 = box.left >= width - box.right ? -1 : 1;
  const narrow = (wide === -1 ? 1 : -1) as -1 | 1;
  const unit = baseUnit(canvas);
  // A subject standing near a side (a take framed in a third) leaves no room there: props that
  // would only show cut by the frame go to the wider side first.
  const cramped = (narrow === -1 ? box.left : width - box.right) < unit * 2;
  const free: [-1 | 1, Band][] = cramped
    ? [
        [wide, "back"],
        [wide, "front"],
        [narrow, "front"],
        [narrow, "back"],
      ]
    : [
        [wide, "back"],
        [narrow, "front"],
        [wide, "front"],
        [narrow, "back"],
      ];
  const spots = new Map<SceneProp, Spot>();
  for (const [prop, band] of wanted) {
    // At most three families ask (plant, fruit, stones): there is always a spot left.
    const index = Math.max(
      0,
      free.findIndex(([, b]) => b === band),
    );
    const taken = free.splice(index, 1)[0] ?? [wide, band];
    const [side, chosen] = taken;
    const y = bandRow(canvas, chosen, box);
    spots.set(prop, {
      edge: side === -1 ? box.left : box.right,
      side,
      y,
      unit: unit * depthScale(canvas, y),
    });
  }
  return spots;
}

/**
 * A mask over everything beside the subject: nothing inside the kept-out box, full strength a
 * little way outside it, so a prop that reaches toward the subject fades out instead of ending
 * in a straight cut.
 */
export function besideMask(canvas: Canvas, id: string): string {
  const { width, height } = canvas.geometry;
  const box = keepOut(canvas);
  const fade = baseUnit(canvas) * 0.25;
  const h = box.bottom - box.top + fade;
  const band = (gid: string, x1: number, y1: number, x2: number, y2: number) =>
    `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${fixed(x1)}" y1="${fixed(y1)}" x2="${fixed(x2)}" y2="${fixed(y2)}"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient>`;
  return `${band(`${id}l`, box.left - fade, 0, box.left, 0)}${band(`${id}r`, box.right + fade, 0, box.right, 0)}${band(`${id}b`, 0, box.bottom + fade, 0, box.bottom)}<mask id="${id}" maskUnits="userSpaceOnUse" x="0" y="0" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fff"/><rect x="${fixed(box.left - fade)}" y="${fixed(box.top)}" width="${fixed(fade)}" height="${fixed(h)}" fill="url(#${id}l)"/><rect x="${fixed(box.right)}" y="${fixed(box.top)}" width="${fixed(fade)}" height="${fixed(h)}" fill="url(#${id}r)"/><rect x="${fixed(box.left)}" y="${fixed(box.bottom)}" width="${fixed(box.right - box.left)}" height="${fixed(fade)}" fill="url(#${id}b)"/><rect x="${fixed(box.left)}" y="${fixed(box.top)}" width="${fixed(box.right - box.left)}" height="${fixed(box.bottom - box.top)}" fill="#000"/></mask>`;
}

/** A soft shadow on the floor under a prop, leaning away from the light. */
export function groundShadow(canvas: Canvas, x: number, y: number, rx: number, ry: number) {
  const away = x < canvas.lightX ? -1 : 1;
  return `<ellipse cx="${fixed(x + away * rx * 0.25)}" cy="${fixed(y)}" rx="${fixed(rx)}" ry="${fixed(Math.max(0.5, ry))}" fill="url(#propshade)"/>`;
}

/** The gradient groundShadow fills with: dark in the middle, nothing at the rim. */
export const SHADE_DEFS =
  '<radialGradient id="propshade"><stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.55" stop-color="#000" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>';

/** A blur for props further from the camera than the subject, as the depth of field would. */
export function focusBlur(canvas: Canvas, id: string, y: number): { defs: string; attr: string } {
  const { width } = canvas.geometry;
  const behind = 1 - Math.min(1, depthScale(canvas, y));
  const sigma = canvas.plan.camera.bokeh * behind * width * 0.012;
  if (sigma < 0.4) return { defs: "", attr: "" };
  return {
    defs: `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${fixed(sigma)}"/></filter>`,
    attr: `filter="url(#${id})"`,
  };
}
