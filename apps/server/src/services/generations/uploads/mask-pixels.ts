import { GENERATION_MESSAGES as M, maskWrongSizeMessage } from "@backdrop/shared";
import sharp from "sharp";
import { GenerationError } from "../records/generation-access.ts";

type Size = { width: number; height: number };

/** A mask as one byte a pixel (0 hides, 255 keeps), with its size. */
export type MaskPixels = Size & { mask: Buffer };

/** The one channel of `channels` at `index` of every pixel of raw interleaved bytes. */
function channelOf(data: Buffer, channels: number, index: number): Buffer {
  const out = Buffer.alloc(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels + index] ?? 0;
  return out;
}

/** The cut-out's alpha, its mask: one byte a pixel. */
export async function maskOfCutout(cutoutPng: Buffer): Promise<MaskPixels> {
  const { data, info } = await sharp(cutoutPng)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  return { mask: channelOf(data, channels, channels - 1), width, height };
}

/** A mask as the API answers it: a greyscale PNG. */
export function maskToPng({ mask, width, height }: MaskPixels): Promise<Buffer> {
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .toColourspace("b-w")
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/**
 * A mask the user sent, checked against the photo's size: a PNG (its header read before any
 * pixel is decoded), the photo's width and height, and not empty. A PNG with transparency
 * gives its alpha; one without, its grey (a colour one is made grey first).
 */
export async function readSentMask(bytes: Buffer, photo: Size): Promise<MaskPixels> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new GenerationError(400, M.maskNotAnImage);
  }
  if (meta.format !== "png") throw new GenerationError(400, M.maskNotPng);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width !== photo.width || height !== photo.height) {
    throw new GenerationError(400, maskWrongSizeMessage({ width, height }, photo));
  }
  let mask: Buffer;
  try {
    const image = meta.hasAlpha ? sharp(bytes) : sharp(bytes).toColourspace("b-w");
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    mask = channelOf(data, info.channels, meta.hasAlpha ? info.channels - 1 : 0);
  } catch {
    throw new GenerationError(400, M.maskNotAnImage);
  }
  if (!mask.some((value) => value !== 0)) throw new GenerationError(400, M.maskEmpty);
  return { mask, width, height };
}

/**
 * The photo's own pixels with the mask as their alpha: a lossless RGBA PNG, as the engines make
 * their cut-outs.
 */
export async function cutoutWithMask(photo: Buffer, { mask, width, height }: MaskPixels) {
  const rgb = await sharp(photo).removeAlpha().toColourspace("srgb").raw().toBuffer();
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .joinChannel(mask, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}
