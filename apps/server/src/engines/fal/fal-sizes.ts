import sharp from "sharp";
import type { EngineImage } from "../image-engine.ts";

/**
 * The model's answer at the size the job asked for. An editor answers at its own resolution
 * (Nano Banana 2: a fixed long side), so its result is brought back to the photo's size; a
 * slightly different aspect is cropped from the centre rather than stretched.
 */
export async function atSize(
  result: EngineImage,
  size: { width: number; height: number },
): Promise<EngineImage> {
  if (result.width === size.width && result.height === size.height) return result;
  const bytes = await sharp(result.bytes)
    .resize(size.width, size.height, { fit: "cover", kernel: "lanczos3" })
    .png()
    .toBuffer();
  return { bytes, contentType: "image/png", width: size.width, height: size.height };
}
