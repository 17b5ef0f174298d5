import type { FalClient } from "@fal-ai/client";
import sharp from "sharp";
import { EngineError, type EngineImage } from "../image-engine.ts";
import { toEngineError, untilAborted } from "./fal-errors.ts";

/** Inputs and outputs only need to outlive the job: user photos should not linger on fal's CDN. */
export const FAL_FILE_LIFETIME = "1d";

const WEB_FORMATS = new Set(["png", "jpeg", "webp"]);

/** Puts the image on fal's storage; resolves to the URL a model can read. */
export async function uploadImage(client: FalClient, image: EngineImage, signal: AbortSignal) {
  const blob = new Blob([new Uint8Array(image.bytes)], { type: image.contentType });
  try {
    const upload = client.storage.upload(blob, { lifecycle: { expiresIn: FAL_FILE_LIFETIME } });
    return await untilAborted(upload, signal);
  } catch (error) {
    throw toEngineError(error, { signal });
  }
}

/** An honest EngineImage of downloaded bytes, converted to PNG if fal sent another format. */
async function describeImage(bytes: Buffer, url: string): Promise<EngineImage> {
  try {
    let meta = await sharp(bytes).metadata();
    if (!meta.format || !WEB_FORMATS.has(meta.format)) {
      bytes = await sharp(bytes).png().toBuffer();
      meta = await sharp(bytes).metadata();
    }
    return {
      bytes,
      contentType: `image/${meta.format}`,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
    };
  } catch (error) {
    throw new EngineError("unavailable", `fal's result at ${url} is not an image`, {
      cause: error,
    });
  }
}

/** Copies a result off fal's CDN (its URLs expire) into memory. */
export async function downloadImage(
  fetchFn: typeof fetch,
  url: string,
  signal: AbortSignal,
): Promise<EngineImage> {
  let bytes: Buffer;
  try {
    const response = await fetchFn(url, { signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new EngineError(
        "unavailable",
        `fal's result at ${url} answered HTTP ${response.status}`,
      );
    }
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw toEngineError(error, { signal });
  }
  return describeImage(bytes, url);
}
