import { heicTo } from "heic-to/csp";
import { renamed } from "./photo-resize.ts";

const JPEG_QUALITY = 0.92;

/**
 * Converts an iPhone's HEIC/HEIF photo to JPEG in the browser, with libheif compiled to
 * WebAssembly (carried inside the package; heic-to's CSP build runs without eval, in a worker of
 * its own). This file is imported only when such a photo is picked (image-checks.ts), so the
 * decoder is never part of the app's first load.
 */
export async function heicToJpeg(file: File): Promise<File> {
  const jpeg = await heicTo({ blob: file, type: "image/jpeg", quality: JPEG_QUALITY });
  return new File([jpeg], renamed(file.name, "jpg"), {
    type: "image/jpeg",
    lastModified: file.lastModified,
  });
}
