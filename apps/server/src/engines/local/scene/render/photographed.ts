import { clamp, mix, type Rgb } from "../../common/index.ts";
import type { ScenePlan, TimeOfDay } from "../../types.ts";
import { libraryScene, PHOTOS, type PhotoId, photoHref, photoSquare } from "../library/index.ts";
import { type Canvas, fixed, subjectBox } from "./svg.ts";

/** The library scene a plan is drawn from, if any. */
export const photographedScene = (plan: ScenePlan) => libraryScene(plan.scene);

const isPhoto = (id: string): id is PhotoId => Object.hasOwn(PHOTOS, id);

/** Whether a photographed sky or view stands behind the scene, so nothing draws clouds on it. */
export function hasPhotographedSky(plan: ScenePlan): boolean {
  const scene = photographedScene(plan);
  return Boolean(scene?.sky || scene?.view);
}

/** Per-channel gains that move the colour `from` to `target`. */
function gains(from: readonly number[], target: Rgb): number[] {
  return [0, 1, 2].map((c) => clamp((target[c] ?? 0) / Math.max(8, from[c] ?? 0), 0.05, 4));
}

/** A low sun gives a photographed sky or view less light than the day it was taken in. */
const EXPOSURE: Partial<Record<TimeOfDay, number>> = {
  "golden hour": 0.85,
  sunset: 0.8,
  "blue hour": 0.7,
};

/** How much of the sky's own colour washes over a photographed view as the light fails. */
const WASH: Partial<Record<TimeOfDay, number>> = {
  "golden hour": 0.1,
  sunset: 0.2,
  "blue hour": 0.4,
  night: 0.5,
};

/**
 * Re-tints a photo: its colours scaled from `from` to `target` and by the exposure, then `wash`
 * of the target colour laid over it.
 */
function tintFilter(
  id: string,
  from: readonly number[],
  target: Rgb,
  { exposure = 1, wash = 0 } = {},
): string {
  const scaled = gains(from, target).map((gain) => (gain * exposure * (1 - wash)).toFixed(3));
  const offset = target.map((c) => ((c / 255) * wash).toFixed(3));
  const row = (c: number) =>
    `${[0, 1, 2].map((k) => (k === c ? scaled[c] : "0")).join(" ")} 0 ${offset[c]}`;
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="${row(0)} ${row(1)} ${row(2)} 0 0 0 1 0"/></filter>`;
}

/** A photograph laid over the backdrop, scaled to cover it, its own horizon on the scene's. */
function coverImage(id: string, photo: PhotoId, canvas: Canvas): string {
  const { width, horizon } = canvas.geometry;
  const shot: { width: number; height: number; horizonAt?: number } = PHOTOS[photo];
  const at = shot.horizonAt ?? 1;
  const scale = Math.max(width / shot.width, horizon / (shot.height * at));
  const shownW = shot.width * scale;
  const shownH = shot.height * scale;
  return `<image href="${photoHref(photo)}" x="${fixed((width - shownW) / 2)}" y="${fixed(horizon - shownH * at)}" width="${fixed(shownW)}" height="${fixed(shownH)}" preserveAspectRatio="none" filter="url(#${id})" clip-path="url(#above)"/>`;
}

/** A texture repeated across the wall, whole rows ending at the horizon. */
function tiledImage(id: string, photo: PhotoId, canvas: Canvas): string {
  const { width, horizon } = canvas.geometry;
  const { width: w, height: h, span } = PHOTOS[photo];
  const tileW = Math.max(8, width * span);
  const tileH = (tileW * h) / w;
  const offset = horizon % tileH;
  return `<pattern id="${id}-tile" patternUnits="userSpaceOnUse" x="0" y="${fixed(offset)}" width="${fixed(tileW)}" height="${fixed(tileH)}"><image href="${photoHref(photo)}" width="${fixed(tileW)}" height="${fixed(tileH)}" preserveAspectRatio="none"/></pattern><rect width="${width}" height="${fixed(horizon)}" fill="url(#${id}-tile)" filter="url(#${id})"/>`;
}

/**
 * The library scene's photographs above the horizon, re-tinted toward the plan's backdrop
 * colours so colour, time and mood words still change them: a sky behind what is drawn, a
 * view instead of it, or a wall texture. Empty when the plan has none or looks straight down.
 */
export function photographedBackdrop(canvas: Canvas): string {
  const { plan, geometry } = canvas;
  const scene = photographedScene(plan);
  if (!scene || plan.camera.topDown || geometry.horizon < 1) return "";
  const target = mix(plan.sky[0], plan.sky[1], 0.5);
  // A sky or a view keeps its own colours; words move them as far as they moved the backdrop.
  const base = plan.backdropBase ?? target;
  const light = plan.time ? { exposure: EXPOSURE[plan.time], wash: WASH[plan.time] } : {};
  const parts: string[] = [];
  if (scene.sky) {
    parts.push(
      tintFilter("skyphoto", base, target, light),
      coverImage("skyphoto", scene.sky, canvas),
    );
  }
  if (scene.view) {
    parts.push(
      tintFilter("viewphoto", base, target, light),
      coverImage("viewphoto", scene.view, canvas),
    );
  }
  if (scene.wall) {
    parts.push(
      tintFilter("wallphoto", PHOTOS[scene.wall].mean, target),
      tiledImage("wallphoto", scene.wall, canvas),
    );
  }
  return parts.join("\n");
}

/** Whether the photographs replace the drawn backdrop (a view, or foliage photographed). */
export function replacesBackdrop(plan: ScenePlan): boolean {
  const scene = photographedScene(plan);
  return Boolean(scene?.view || (scene?.wall && plan.backdrop === "foliage"));
}

/**
 * The surface's photographed texture as a `size` square, re-tinted so its average is the
 * plan's floor colour (the colour the floor's shading is measured against); undefined when the
 * scene has none.
 */
export async function photographedSurface(
  plan: ScenePlan,
  size: number,
): Promise<Buffer | undefined> {
  const photo = plan.surfacePhoto;
  if (!photo || !isPhoto(photo)) return undefined;
  const square = await photoSquare(photo, size);
  const [r, g, b] = gains(PHOTOS[photo].mean, plan.floor[0]);
  const tinted = Buffer.alloc(square.length);
  for (let i = 0; i < square.length; i += 3) {
    tinted[i] = Math.min(255, (square[i] ?? 0) * (r ?? 1));
    tinted[i + 1] = Math.min(255, (square[i + 1] ?? 0) * (g ?? 1));
    tinted[i + 2] = Math.min(255, (square[i + 2] ?? 0) * (b ?? 1));
  }
  return tinted;
}

/**
 * A spotlight: a pool of light where the subject stands and the rest of the set falling into
 * darkness around it.
 */
export function spotlightPool(canvas: Canvas): string {
  const { plan, geometry } = canvas;
  if (!plan.spotlight) return "";
  const { width, height } = geometry;
  const box = subjectBox(geometry);
  const cx = (box.left + box.right) / 2;
  const cy = box.top + (box.bottom - box.top) * 0.6;
  const r = Math.max(box.right - box.left, (box.bottom - box.top) * 0.75) * 0.95;
  return `<defs><radialGradient id="spot" gradientUnits="userSpaceOnUse" cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.82"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#spot)"/>`;
}
