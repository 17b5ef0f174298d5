import { type Crop, photoDataUrl } from "./photos.ts";
import { fixed } from "./random.ts";

/** A box in canvas pixels. */
export type Box = { x: number; y: number; w: number; h: number };

/**
 * Another thing in the picture, not the subject: a crop of a real photo inside a box (a framed
 * print, a carton), a jar with a lid, or a round thing (a plate, a ball).
 */
export type ThingShape = "box" | "jar" | "round";
export type Thing = { photo: string; crop?: Crop; shape: ThingShape };

/** SVG markup drawing a thing in `box`, its photo clipped to its shape, outlined a little. */
export async function thingMarkup(thing: Thing, box: Box, id: string): Promise<string> {
  const href = await photoDataUrl(thing.photo, box.w, box.h, thing.crop);
  const { x, y, w, h } = box;
  const outline =
    thing.shape === "round"
      ? `<ellipse cx="${fixed(x + w / 2)}" cy="${fixed(y + h / 2)}" rx="${fixed(w / 2)}" ry="${fixed(h / 2)}"/>`
      : `<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(w)}" height="${fixed(h)}" rx="${fixed(thing.shape === "jar" ? w * 0.18 : w * 0.03)}"/>`;
  const lid =
    thing.shape === "jar"
      ? `<rect x="${fixed(x + w * 0.08)}" y="${fixed(y - h * 0.08)}" width="${fixed(w * 0.84)}" height="${fixed(h * 0.12)}" rx="${fixed(w * 0.04)}" fill="#3b3b3b"/>`
      : "";
  return `<defs><clipPath id="${id}">${outline}</clipPath></defs>
<image href="${href}" x="${fixed(x)}" y="${fixed(y)}" width="${fixed(w)}" height="${fixed(h)}" preserveAspectRatio="none" clip-path="url(#${id})"/>
<g fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="${fixed(Math.max(1.5, w * 0.01))}">${outline}</g>${lid}`;
}

/** A soft contact shadow under something standing on a surface at `bottom`. */
export function contactShadow(centreX: number, bottom: number, width: number): string {
  return `<ellipse cx="${fixed(centreX)}" cy="${fixed(bottom)}" rx="${fixed(width * 0.55)}" ry="${fixed(Math.max(4, width * 0.06))}" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>`;
}

/** The blur the contact shadows use, defined once per drawing. */
export const SOFT_FILTER = `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>`;
