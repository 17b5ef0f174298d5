import sharp from "sharp";

/** An encoded image's pixels as RGB, with its size. */
export async function rgbOf(image: { bytes: Buffer }) {
  const { data, info } = await sharp(image.bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}
