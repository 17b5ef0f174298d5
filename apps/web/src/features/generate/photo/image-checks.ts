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

/** How a photo's pixel size is learnt: readImageSize, or a stand-in in tests. */
export type SizeReader = (url: string) => Promise<ImageSize>;

/** A photo that passed every check, with its preview URL (the caller revokes it), or why not. */
export type PhotoCheck =
  | { ok: true; url: string; size: ImageSize }
  | { ok: false; message: string };

/**
 * The studio's checks of one photo: its type and weight, then its pixel size, read from a
 * preview URL made for it. A refused photo's URL is revoked here. `onDecoding` is told when
 * the file itself passed and its size is being read.
 */
export async function checkPhoto(
  file: File,
  readSize: SizeReader = readImageSize,
  onDecoding?: () => void,
): Promise<PhotoCheck> {
  const basic = checkImageFile(file);
  if (basic) return { ok: false, message: basic };
  onDecoding?.();
  const url = URL.createObjectURL(file);
  let message: string | null;
  let size: ImageSize | null = null;
  try {
    size = await readSize(url);
    message = checkImageSize(size);
  } catch {
    message = IMAGE_MESSAGES.previewFailed;
  }
  if (message || !size) {
    URL.revokeObjectURL(url);
    return { ok: false, message: message ?? IMAGE_MESSAGES.previewFailed };
  }
  return { ok: true, url, size };
}
