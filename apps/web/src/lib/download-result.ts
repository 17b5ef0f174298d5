import { DOWNLOAD_MESSAGES } from "@backdrop/shared";
import { notifyError } from "./notify.ts";
import type { DownloadRequest } from "./save-download.ts";

export type { DownloadRequest };

/** For the transparent cut-out's file name: the result's name, then this. */
export const CUTOUT_SUFFIX = "transparent";

/**
 * Saves the image in the seller's download format (readDownloadFormat) under a name made of
 * the photo's and the scene's; every failure ends in a toast. The naming and saving load with
 * the first download, out of the first page load's budget.
 */
export async function downloadImage(request: DownloadRequest): Promise<boolean> {
  try {
    const { saveDownload } = await import("./save-download.ts");
    return await saveDownload(request);
  } catch {
    notifyError(DOWNLOAD_MESSAGES.failed);
    return false;
  }
}
