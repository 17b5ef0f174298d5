import { type Box, SOFT_FILTER, type Thing, thingMarkup } from "./objects.ts";
import { photoDataUrl } from "./photos.ts";
import { fixed } from "./random.ts";

/** A photo laid over a region: repeated at `tile` px when given, else covering it whole. */
export type Surface = { photo: string; tile?: number };

/** Something standing in the background, its box as shares of the canvas. */
export type Placed = { thing: Thing; at: readonly [number, number, number, number] };

/**
 * The real-photo background a subject is placed over: a wall, optionally a floor from `floor.from`
 * (a share of the height) down, shelves (planks at the given heights) and things standing about.
 */
export type Backdrop = {
  wall: Surface;
  floor?: Surface & { from: number };
  shelves?: { plank: Surface; at: readonly number[] };
  things?: readonly Placed[];
};

async function surfaceFill(surface: Surface, id: string, region: Box): Promise<string> {
  const { x, y, w, h } = region;
  if (surface.tile) {
    const side = surface.tile;
    const href = await photoDataUrl(surface.photo, side, side);
    return `<defs><pattern id="${id}" patternUnits="userSpaceOnUse" x="${fixed(x)}" y="${fixed(y)}" width="${side}" height="${side}"><image href="${href}" width="${side}" height="${side}"/></pattern></defs>
<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(w)}" height="${fixed(h)}" fill="url(#${id})"/>`;
  }
  const href = await photoDataUrl(surface.photo, w, h);
  return `<image href="${href}" x="${fixed(x)}" y="${fixed(y)}" width="${fixed(w)}" height="${fixed(h)}" preserveAspectRatio="none"/>`;
}

/** The backdrop drawn as SVG markup on a `width` × `height` canvas (everything but the subject). */
export async function backdropMarkup(backdrop: Backdrop, width: number, height: number) {
  const parts = [`<defs>${SOFT_FILTER}</defs>`];
  parts.push(await surfaceFill(backdrop.wall, "wall", { x: 0, y: 0, w: width, h: height }));
  if (backdrop.floor) {
    const top = Math.round(backdrop.floor.from * height);
    parts.push(
      await surfaceFill(backdrop.floor, "floor", { x: 0, y: top, w: width, h: height - top }),
    );
    parts.push(
      `<rect x="0" y="${top - 2}" width="${width}" height="4" fill="#000" fill-opacity="0.25"/>`,
    );
  }
  for (const [k, at] of (backdrop.shelves?.at ?? []).entries()) {
    const y = Math.round(at * height);
    const thickness = Math.round(height * 0.03);
    parts.push(
      `<rect x="0" y="${y + thickness}" width="${width}" height="${Math.round(thickness * 0.8)}" fill="#000" fill-opacity="0.3" filter="url(#soft)"/>`,
    );
    const plank = backdrop.shelves?.plank ?? backdrop.wall;
    parts.push(await surfaceFill(plank, `plank-${k}`, { x: 0, y, w: width, h: thickness }));
  }
  for (const [k, { thing, at }] of (backdrop.things ?? []).entries()) {
    const box = { x: at[0] * width, y: at[1] * height, w: at[2] * width, h: at[3] * height };
    parts.push(await thingMarkup(thing, box, `backdrop-thing-${k}`));
  }
  return parts.join("\n");
}
