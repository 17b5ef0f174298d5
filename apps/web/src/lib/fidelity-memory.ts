import type { TFidelity, TImageRecord } from "@backdrop/shared";

/**
 * The fidelity of every result image the app has read, by URL. A stored result's figure never
 * changes, and every record or edit answer carries it, so the studio's badge reads it here
 * instead of asking the server again.
 */
const known = new Map<string, TFidelity | null>();
/** Enough for a long session of edits; the oldest go first. */
const MAX_KNOWN = 500;

/** Remembers one result's fidelity. */
export function rememberFidelity(image: { url: string; fidelity: TFidelity | null }): void {
  known.delete(image.url);
  known.set(image.url, image.fidelity);
  if (known.size > MAX_KNOWN) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
}

/** Remembers the fidelity of every result a record lists; answers the record. */
export function rememberRecord(record: TImageRecord): TImageRecord {
  const results = [
    record.processedImage,
    record.upscaledImage,
    ...record.aiGeneratedImages,
    ...record.variations,
  ];
  for (const image of results) if (image) rememberFidelity(image);
  return record;
}

/** A result's fidelity: null when it was not measured, undefined when not yet read. */
export function knownFidelity(url: string): TFidelity | null | undefined {
  return known.get(url);
}
