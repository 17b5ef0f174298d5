import { IMAGE_LIMITS } from "@backdrop/shared";

/** A picture's size in pixels (image-checks' ImageSize, which imports this file). */
type ImageSize = { width: number; height: number };

const LIMITS: ImageSize = { width: IMAGE_LIMITS.maxWidth, height: IMAGE_LIMITS.maxHeight };
/** Each further try when an encoding is still too heavy keeps this share of each side. */
const SHRINK = 0.85;
const JPEG_QUALITY = 0.9;

/**
 * The largest size of the photo's proportions within `limits`, never larger than the photo:
 * both sides scale by one factor, are whole, at least 1 and within the limits.
 */
export function fitWithin(size: ImageSize, limits: ImageSize = LIMITS): ImageSize {
  const scale = Math.min(1, limits.width / size.width, limits.height / size.height);
  return {
    width: Math.max(1, Math.min(limits.width, Math.round(size.width * scale))),
    height: Math.max(1, Math.min(limits.height, Math.round(size.height * scale))),
  };
}

/** A smaller size of the same proportions, for an encoding that came out too heavy. */
export function shrink(size: ImageSize): ImageSize {
  return fitWithin(size, {
    width: Math.max(1, Math.floor(size.width * SHRINK)),
    height: Math.max(1, Math.floor(size.height * SHRINK)),
  });
}

/** The photo's own name with the extension its new bytes call for (`.jpg`, `.png`). */
export function renamed(name: string, extension: "jpg" | "png"): string {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  const same = current === extension || (extension === "jpg" && current === "jpeg");
  return same ? name : `${base}.${extension}`;
}

function hasTransparency(context: CanvasRenderingContext2D, size: ImageSize): boolean {
  const { data } = context.getImageData(0, 0, size.width, size.height);
  for (let at = 3; at < data.length; at += 4) if ((data[at] ?? 255) < 255) return true;
  return false;
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("the photo could not be encoded"))),
      type,
      JPEG_QUALITY,
    ),
  );
}

/**
 * Scales a photo down in the browser to the upload limits: within 2048 × 2048 and under 10 MB,
 * turned as the camera's orientation tag says (the new bytes carry no tag), JPEG unless it has
 * transparent pixels (then PNG). The file keeps its name, but for the extension of its bytes.
 */
export async function resizeToFit(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    let size = fitWithin({ width: bitmap.width, height: bitmap.height });
    for (;;) {
      const canvas = document.createElement("canvas");
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (!context) throw new Error("no canvas to resize the photo on");
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const png = hasTransparency(context, size);
      const blob = await encode(canvas, png ? "image/png" : "image/jpeg");
      if (blob.size < IMAGE_LIMITS.maxBytes) {
        return new File([blob], renamed(file.name, png ? "png" : "jpg"), {
          type: blob.type,
          lastModified: file.lastModified,
        });
      }
      size = shrink(size);
    }
  } finally {
    bitmap.close();
  }
}
