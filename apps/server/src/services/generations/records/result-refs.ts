import type { TFidelity } from "@backdrop/shared";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { FileUrls } from "./file-urls.ts";

/** A result's fidelity as the API shows it, with its difference map's URL; null unmeasured. */
export function fidelityOf(urls: FileUrls, file: StoredFile | null): TFidelity | null {
  const subject = file?.subject;
  if (!subject?.fidelity) return null;
  const { withinDeltaE2, meanDeltaE, kept } = subject.fidelity;
  const mapId = subject.differenceFileId;
  const differenceUrl = mapId ? urls.urlOf({ id: mapId, contentType: "image/png" }) : null;
  return { withinDeltaE2, meanDeltaE, kept, differenceUrl };
}

/**
 * A shown image as the API gives it: its URL and size, and its display copy's URL (a WebP
 * sized for the screen, made with the result or on first request) to show in its place.
 */
export function shownRefOf(urls: FileUrls, file: StoredFile) {
  const url = urls.urlOf(file);
  return { url, displayUrl: `${url}?size=display`, width: file.width, height: file.height };
}

/** A result image as the API shows it: its URLs and its fidelity. */
export function resultRefOf(urls: FileUrls, file: StoredFile) {
  return { ...shownRefOf(urls, file), fidelity: fidelityOf(urls, file) };
}
