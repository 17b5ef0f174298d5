import type { TImageRecord } from "@backdrop/shared";

/**
 * The display copy of every image the app has read, by the image's URL: a WebP sized for the
 * screen that the studio shows in its place, while downloads take the image itself. An image
 * whose answer named none (an older server's) is shown as it is.
 */
type DisplayCopy = { url: string; size: { width: number; height: number } | null };

const known = new Map<string, DisplayCopy>();
/** Enough for a long session of edits; the oldest go first. */
const MAX_KNOWN = 500;

/** Remembers one image's display copy and own size, when its answer names them. */
export function rememberDisplayCopy(image: {
  url: string;
  displayUrl?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
}) {
  if (!image.displayUrl) return;
  const { width, height } = image;
  known.delete(image.url);
  known.set(image.url, { url: image.displayUrl, size: width && height ? { width, height } : null });
  if (known.size > MAX_KNOWN) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
}

/** Remembers the display copies of a record's photo and results; answers the record. */
export function rememberDisplayCopies(record: TImageRecord): TImageRecord {
  const images = [
    record.originalImage,
    record.processedImage,
    record.upscaledImage,
    ...record.aiGeneratedImages,
    ...record.variations,
  ];
  for (const image of images) if (image) rememberDisplayCopy(image);
  return record;
}

/**
 * What to show for an image: its display copy when one is known, else the image itself; and
 * the image's own size when its answer gave it (the copy's pixels may be fewer).
 */
export function displayCopyOf(url: string): DisplayCopy {
  return known.get(url) ?? { url, size: null };
}
