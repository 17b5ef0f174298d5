/** Upload limits and messages of SPEC points 5, 8 and 9. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 2048;
export const SUPPORTED_FORMATS_NOTE = "Supported formats: JPG, PNG, WebP, GIF, AVIF";

export const IMAGE_MESSAGES = {
  notImage: "Please select an image file (JPEG, PNG, etc.)",
  tooHeavy: "Image size should be less than 10MB",
  tooLarge: "Oops! Your image is too large. Maximum size allowed is 2048 x 2048 pixels.",
  previewFailed: "Failed to display image preview",
} as const;

export type ImageSize = { width: number; height: number };

/** Checks that need only the file itself: its type and its weight. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith("image/")) return IMAGE_MESSAGES.notImage;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooHeavy;
  return null;
}

export function checkImageSize({ width, height }: ImageSize): string | null {
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE ? IMAGE_MESSAGES.tooLarge : null;
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
