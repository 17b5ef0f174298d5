import sharp from "sharp";

/** Straight-alpha RGBA pixels in memory, with their size. */
export type Rgba = { rgba: Buffer; width: number; height: number };

/** A decoded image as straight-alpha RGBA, upright (EXIF orientation applied). */
export type RawImage = Rgba & { opaque: boolean };

export async function decodeImage(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes)
    .autoOrient()
    .toColourspace("srgb")
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let opaque = true;
  for (let i = 3; i < data.length; i += 4) {
    if ((data[i] ?? 255) < 250) {
      opaque = false;
      break;
    }
  }
  return { rgba: data, width: info.width, height: info.height, opaque };
}

/** A sharp pipeline reading a raw image. */
export function fromRaw(rgba: Buffer, width: number, height: number): sharp.Sharp {
  return sharp(rgba, { raw: { width, height, channels: 4 } });
}
