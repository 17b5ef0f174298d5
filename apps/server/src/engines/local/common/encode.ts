import type { Sharp } from "sharp";
import type { EngineImage } from "../../image-engine.ts";

/** Opaque results above this many pixels are stored as JPEG: PNGs of photos get large. */
const JPEG_ABOVE_PIXELS = 1_200_000;

export type EncodeHints = {
  /** Whether the result has no transparency worth keeping. */
  opaque: boolean;
  /** The pixel count the pipeline produces, to pick the format. */
  pixels: number;
};

/**
 * Encodes a pipeline's result as PNG (transparency kept) or, for large opaque images, as a
 * high-quality JPEG. Width and height come from the encoder, so they are the bytes' own.
 */
export async function encodeResult(pipeline: Sharp, hints: EncodeHints): Promise<EngineImage> {
  const encoded = !hints.opaque
    ? pipeline.png({ compressionLevel: 6 })
    : hints.pixels > JPEG_ABOVE_PIXELS
      ? pipeline.removeAlpha().jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
      : pipeline.removeAlpha().png({ compressionLevel: 6 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    contentType: info.format === "jpeg" ? "image/jpeg" : "image/png",
    width: info.width,
    height: info.height,
  };
}
