import sharp from "sharp";
import { clamp, type RawImage } from "../common/index.ts";
import type { LookSettings } from "./edit-look.ts";

const LUMA = [0.2126, 0.7152, 0.0722] as const;
const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
] as const;

const clampByte = (value: number) => Math.round(clamp(value, 0, 255));

/** Exposure (a power curve: mid-tones move, black and white stay) then contrast around grey. */
function toneTable(look: LookSettings): Uint8Array {
  const exponent = 0.8 ** look.exposure;
  const spread = 1 + 0.15 * look.contrast;
  return Uint8Array.from({ length: 256 }, (_, v) =>
    clampByte(128 + (255 * (v / 255) ** exponent - 128) * spread),
  );
}

/**
 * The look for the whole picture, after it is composed: exposure, contrast, saturation or
 * monochrome, then the colour grade (after monochrome, so "warmer" tones a black and white).
 * Transparency is left as it is.
 */
export function applyPictureLook(image: RawImage, look: LookSettings): RawImage {
  const table = toneTable(look);
  const saturation = Math.max(0, 1 + 0.25 * look.saturation);
  const gains = [1 + 0.035 * look.warmth, 1 + 0.008 * look.warmth, 1 - 0.05 * look.warmth];
  const rgba = Buffer.from(image.rgba);
  for (let i = 0; i < rgba.length; i += 4) {
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
    rgba[i] = clampByte(r * (gains[0] ?? 1));
    rgba[i + 1] = clampByte(g * (gains[1] ?? 1));
    rgba[i + 2] = clampByte(b * (gains[2] ?? 1));
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
