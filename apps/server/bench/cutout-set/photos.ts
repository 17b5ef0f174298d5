import { fileURLToPath } from "node:url";
import sharp from "sharp";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/photos/", import.meta.url));
const SCENES = fileURLToPath(new URL("../../assets/scenes/", import.meta.url));
const FIXTURE_PHOTOS = new Set(["astronaut.png", "cat.png", "coffee.png", "rocket.jpg"]);

/** A part of a photo, as shares of its width and height: x, y, w, h. */
export type Crop = readonly [number, number, number, number];

/**
 * One of the project's photographs by file name: the fixture photos (test/fixtures/photos)
 * or the scene library's (assets/scenes), whose licences are recorded beside them.
 */
export function photoPath(file: string): string {
  return `${FIXTURE_PHOTOS.has(file) ? FIXTURES : SCENES}${file}`;
}

/**
 * A photo (or a crop of it) resized to exactly `width` × `height` and encoded for an SVG
 * `<image>`: a JPEG data URL, the same bytes on every run.
 */
export async function photoDataUrl(
  file: string,
  width: number,
  height: number,
  crop: Crop = [0, 0, 1, 1],
): Promise<string> {
  const source = sharp(photoPath(file));
  const meta = await source.metadata();
  const full = { width: meta.width ?? 1, height: meta.height ?? 1 };
  const left = Math.round(crop[0] * full.width);
  const top = Math.round(crop[1] * full.height);
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(full.width - left, Math.round(crop[2] * full.width))),
    height: Math.max(1, Math.min(full.height - top, Math.round(crop[3] * full.height))),
  };
  const jpeg = await sharp(photoPath(file))
    .extract(region)
    .resize(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)), { fit: "fill" })
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}
