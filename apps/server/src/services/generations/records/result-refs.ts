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

/** A result image as the API shows it: its URL and its fidelity. */
export function resultRefOf(urls: FileUrls, file: StoredFile) {
  return { url: urls.urlOf(file), fidelity: fidelityOf(urls, file) };
}
