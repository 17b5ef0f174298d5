import { GENERATION_MESSAGES, IMAGE_LIMITS, SMALL_PHOTO_SIDE } from "@backdrop/shared";

/** Upload limits and messages of SPEC points 5, 8 and 9. */
export const MAX_IMAGE_BYTES = IMAGE_LIMITS.maxBytes;
export const MAX_IMAGE_SIDE = IMAGE_LIMITS.maxWidth;
export const SUPPORTED_FORMATS_NOTE = `Supported formats: ${IMAGE_LIMITS.formats.join(", ")}`;

export const IMAGE_MESSAGES = {
  notImage: GENERATION_MESSAGES.notAnImage,
  tooHeavy: GENERATION_MESSAGES.imageTooHeavy,
  tooLarge: GENERATION_MESSAGES.imageTooLarge,
  damaged: GENERATION_MESSAGES.imageDamaged,
  previewFailed: GENERATION_MESSAGES.previewFailed,
} as const;

export type ImageSize = { width: number; height: number };

/** Over 2048 px on a side, or over 10 MB: the spec's message, one of them. */
export function checkImageLimits({ width, height }: ImageSize, bytes: number): string | null {
  if (width > IMAGE_LIMITS.maxWidth || height > IMAGE_LIMITS.maxHeight) {
    return IMAGE_MESSAGES.tooLarge;
  }
  return bytes >= MAX_IMAGE_BYTES ? IMAGE_MESSAGES.tooHeavy : null;
}

/** A photo whose shorter side is under SMALL_PHOTO_SIDE makes a result just as small. */
export function isSmallPhoto({ width, height }: ImageSize): boolean {
  return Math.min(width, height) < SMALL_PHOTO_SIDE;
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

/** How a photo's pixel size is learnt: readImageSize, or a stand-in in tests. */
export type SizeReader = (url: string) => Promise<ImageSize>;

/**
 * A photo that passed every check, with its preview URL (the caller revokes it) and the file to
 * upload (an iPhone photo's JPEG); or why not, with the file that "Resize to fit" can scale
 * down when it is only too large.
 */
export type PhotoCheck =
  | { ok: true; file: File; url: string; size: ImageSize; small: boolean }
  | { ok: false; message: string; resizable: File | null };
