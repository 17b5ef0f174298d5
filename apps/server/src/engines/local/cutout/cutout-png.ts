import sharp from "sharp";
import type { Cutout } from "../types.ts";

/** A cut-out as a lossless RGBA PNG: quick to write, as jobs wait on it. */
export function cutoutToPng({ rgba, width, height }: Cutout): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/** A cut-out PNG decoded back into what the composite takes. */
export async function cutoutFromPng(png: Buffer): Promise<Cutout> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const mask = Buffer.alloc(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i * 4 + 3] ?? 0;
  return { rgba: data, mask, width, height };
}

/** The network's matte (one byte a pixel) as a greyscale PNG. */
export function matteToPng(matte: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(matte, { raw: { width, height, channels: 1 } })
    .toColourspace("b-w")
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/** A matte PNG read back, one byte a pixel, with its size. */
export async function matteFromPng(
  png: Buffer,
): Promise<{ matte: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { matte: data, width: info.width, height: info.height };
}
