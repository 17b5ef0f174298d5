import { GENERATION_MESSAGES, IMAGE_LIMITS } from "@backdrop/shared";

/** Upload limits and messages of SPEC points 5, 8 and 9. */
export const MAX_IMAGE_BYTES = IMAGE_LIMITS.maxBytes;
export const MAX_IMAGE_SIDE = IMAGE_LIMITS.maxWidth;
export const SUPPORTED_FORMATS_NOTE = `Supported formats: ${IMAGE_LIMITS.formats.join(", ")}`;

export const IMAGE_MESSAGES = {
  notImage: GENERATION_MESSAGES.notAnImage,
  tooHeavy: GENERATION_MESSAGES.imageTooHeavy,
  tooLarge: GENERATION_MESSAGES.imageTooLarge,
  previewFailed: GENERATION_MESSAGES.previewFailed,
} as const;

export type ImageSize = { width: number; height: number };

/** Checks that need only the file itself: its type and its weight. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith("image/")) return IMAGE_MESSAGES.notImage;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooHeavy;
  return null;
}

export function checkImageSize({ width, height }: ImageSize): string | null {
  return width > IMAGE_LIMITS.maxWidth || height > IMAGE_LIMITS.maxHeight
    ? IMAGE_MESSAGES.tooLarge
    : null;
}

/** Decodes the image behind a URL to learn its pixel size; rejects when it cannot be shown. */
export function readImageSize(url: string): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error("image could not be decoded"));
    image.src = url;
  });
}
