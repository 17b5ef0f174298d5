import { DOWNLOAD_MESSAGES, type DownloadNameParts, downloadNameStem } from "@backdrop/shared";
import { formatFor, inFormat, readDownloadFormat } from "./download-format.ts";
import { DownloadError, downloadImage as saveImage } from "./download-image.ts";
import { notifyError } from "./notify.ts";

export type DownloadRequest = {
  url: string | null | undefined;
  /** What its name is made of (downloadNameStem): the photo's name, the scene, the take… */
  name: Omit<DownloadNameParts, "extension">;
  /** A transparent image keeps its alpha: PNG rather than JPEG. */
  transparent?: boolean;
};

/** The body of downloadImage (download-result.ts), loaded at the first download. */
export async function saveDownload({ url, name, transparent = false }: DownloadRequest) {
  try {
    const format = formatFor(readDownloadFormat(), transparent);
    await saveImage(url && inFormat(url, format), downloadNameStem(name));
    return true;
  } catch (error) {
    notifyError(error instanceof DownloadError ? error.message : DOWNLOAD_MESSAGES.failed);
    return false;
  }
}
