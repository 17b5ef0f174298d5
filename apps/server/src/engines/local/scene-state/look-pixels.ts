import sharp from "sharp";
import { clamp, linearToSrgb, type RawImage, type Rgb, srgbToLinear } from "../common/index.ts";
import type { LookSettings } from "./edit-look.ts";

const LUMA = [0.2126, 0.7152, 0.0722] as const;
const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
] as const;

const clampByte = (value: number) => Math.round(clamp(value, 0, 255));

/**
 * Exposure (a third of a stop a step, in linear light, as a camera's: a light wall moves as
 * clearly as a dark one) then contrast around grey.
 */
function toneTable(look: LookSettings): Uint8Array {
  const gain = 2 ** (look.exposure / 3);
  const spread = 1 + 0.15 * look.contrast;
  return Uint8Array.from({ length: 256 }, (_, v) =>
    clampByte(128 + (linearToSrgb(srgbToLinear(v) * gain) - 128) * spread),
  );
}

/** How much of each pixel is the scene's: all of it, or what the subject's mask leaves. */
const sceneShare = (mask: Uint8Array | undefined, p: number) => 1 - (mask?.[p] ?? 0) / 255;

/**
 * The picture's look, after it is composed: exposure, contrast, saturation or monochrome, then
 * the colour grade (after monochrome, so "warmer" tones a black and white). With the subject's
 * mask (255 = subject) only the scene gets it: an edit never alters the product. Transparency
 * is left as it is.
 */
export function applyPictureLook(image: RawImage, look: LookSettings, mask?: Uint8Array): RawImage {
  const table = toneTable(look);
  const saturation = Math.max(0, 1 + 0.25 * look.saturation);
  const gains = [1 + 0.035 * look.warmth, 1 + 0.008 * look.warmth, 1 - 0.05 * look.warmth];
  const rgba = Buffer.from(image.rgba);
  for (let i = 0; i < rgba.length; i += 4) {
    const share = sceneShare(mask, i / 4);
    if (share === 0) continue;
    let r = table[rgba[i] ?? 0] ?? 0;
    let g = table[rgba[i + 1] ?? 0] ?? 0;
    let b = table[rgba[i + 2] ?? 0] ?? 0;
    const y = LUMA[0] * r + LUMA[1] * g + LUMA[2] * b;
    if (look.monochrome === "black and white") {
      r = g = b = y;
    } else if (look.monochrome === "sepia") {
      [r, g, b] = SEPIA.map((row) => row[0] * r + row[1] * g + row[2] * b) as [
        number,
        number,
        number,
      ];
    } else if (saturation !== 1) {
      r = y + (r - y) * saturation;
      g = y + (g - y) * saturation;
      b = y + (b - y) * saturation;
    }
    const graded = [r * (gains[0] ?? 1), g * (gains[1] ?? 1), b * (gains[2] ?? 1)];
    for (let c = 0; c < 3; c++) {
      const own = image.rgba[i + c] ?? 0;
      rgba[i + c] = clampByte(own + ((graded[c] ?? 0) - own) * share);
    }
  }
  return { ...image, rgba };
}

/**
 * A flat background (white) painted `colour`: each of its pixels multiplied by the colour, so
 * a contact shadow stays a shade of it; the subject (255 in the mask) is left as it is.
 */
export function paintFlatBackground(image: RawImage, mask: Uint8Array, colour: Rgb): RawImage {
  const rgba = Buffer.from(image.rgba);
  for (let i = 0; i < rgba.length; i += 4) {
    const share = sceneShare(mask, i / 4);
    for (let c = 0; c < 3; c++) {
      const own = image.rgba[i + c] ?? 0;
      rgba[i + c] = clampByte(own * (1 - share + (share * (colour[c] ?? 255)) / 255));
    }
  }
  return { ...image, rgba };
}

/**
 * For pictures without a kept scene: the background look on pixels, with the subject's mask
 * (255 = subject) telling background from subject. Blurs it further and changes its brightness.
 */
export async function applyBackgroundLook(
  image: RawImage,
  mask: Uint8Array,
  look: LookSettings,
): Promise<RawImage> {
  const { width, height } = image;
  const blurred =
    look.blur > 0
      ? await sharp(image.rgba, { raw: { width, height, channels: 4 } })
          .blur(Math.max(1, Math.hypot(width, height) * 0.006 * look.blur))
          .raw()
          .toBuffer()
      : image.rgba;
  const rgba = Buffer.from(image.rgba);
  for (let p = 0; p < mask.length; p++) {
    const keep = (mask[p] ?? 0) / 255;
    for (let c = 0; c < 3; c++) {
      const i = p * 4 + c;
      const background = (blurred[i] ?? 0) * look.backgroundGain;
      rgba[i] = clampByte((image.rgba[i] ?? 0) * keep + background * (1 - keep));
    }
  }
  return { ...image, rgba };
}

/** How far one step of blur throws a kept scene further out of focus, per pixel of diagonal. */
const BLUR_SIGMA_STEP = 0.005;

/**
 * A kept scene thrown further out of focus than its plan's depth of field goes (the renderer's
 * own bokeh stops at 1, and sharp out-of-focus lights stay sharp-edged at any bokeh): the scene
 * behind the subject blurred, fully above the horizon and less toward the camera, so the floor
 * it stands on stays in focus. The subject (255 in the mask) is kept and its colours are not
 * smeared into the scene: the blur is weighted by how much of each pixel is scene.
 */
export async function blurBehind(
  image: RawImage,
  mask: Uint8Array,
  steps: number,
  horizon: number,
): Promise<RawImage> {
  const { width, height } = image;
  const sigma = Math.hypot(width, height) * BLUR_SIGMA_STEP * steps;
  const count = width * height;
  const weighted = Buffer.alloc(count * 3);
  const weights = Buffer.alloc(count);
  for (let p = 0; p < count; p++) {
    const weight = 255 - (mask[p] ?? 0);
    weights[p] = weight;
    for (let c = 0; c < 3; c++) {
      weighted[p * 3 + c] = Math.round(((image.rgba[p * 4 + c] ?? 0) * weight) / 255);
    }
  }
  const blurred = (data: Buffer, channels: 1 | 3) =>
    sharp(data, { raw: { width, height, channels } }).blur(sigma);
  const [sums, totals] = await Promise.all([
    blurred(weighted, 3).raw().toBuffer(),
    // One channel out, as it went in.
    blurred(weights, 1).extractChannel(0).raw().toBuffer(),
  ]);
  const rgba = Buffer.from(image.rgba);
  const reach = Math.max(1, (height - horizon) * 0.6);
  for (let y = 0; y < height; y++) {
    const depth = y < horizon ? 1 : Math.max(0, 1 - (y - horizon) / reach);
    if (depth === 0) continue;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const total = totals[p] ?? 0;
      if (total === 0) continue;
      // Right beside the subject little scene is left to average: the blur fades out there.
      const share = depth * sceneShare(mask, p) * Math.min(1, total / 128);
      for (let c = 0; c < 3; c++) {
        const own = image.rgba[p * 4 + c] ?? 0;
        const blurred = ((sums[p * 3 + c] ?? 0) * 255) / total;
        rgba[p * 4 + c] = clampByte(own + (blurred - own) * share);
      }
    }
  }
  return { ...image, rgba };
}
