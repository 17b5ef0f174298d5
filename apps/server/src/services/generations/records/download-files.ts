import {
  DOWNLOAD_FORMAT_EXTENSION,
  DOWNLOAD_FORMAT_TYPE,
  type DownloadFormat,
  downloadFileName,
} from "@backdrop/shared";
import PQueue from "p-queue";
import sharp from "sharp";
import type {
  ImageRecordView,
  StoredFile,
} from "../../../repositories/image-records.repository.ts";
import type { ContentCredentials } from "./content-credentials.ts";
import { extensionOf } from "./file-urls.ts";

/**
 * A download in another format keeps the image's quality: JPEG at 92 with full-resolution
 * colour, flattened on white (it has no transparency); WebP at 92 with its alpha kept whole.
 */
export const DOWNLOAD_QUALITY = Object.freeze({ jpeg: 92, webp: 92 });

/** Conversions at a time per process; the rest wait, so a burst of downloads cannot starve jobs. */
const CONCURRENT_CONVERSIONS = 2;

/**
 * The image's bytes in `format` (the stored files are upright already), still saying how they
 * were made (records/made-by-software.ts).
 */
export function convertImage(bytes: Buffer, format: DownloadFormat): Promise<Buffer> {
  const image = sharp(bytes).keepXmp();
  switch (format) {
    case "png":
      return image.png().toBuffer();
    case "jpeg":
      return image
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: DOWNLOAD_QUALITY.jpeg, chromaSubsampling: "4:4:4" })
        .toBuffer();
    case "webp":
      return image.webp({ quality: DOWNLOAD_QUALITY.webp, alphaQuality: 100 }).toBuffer();
  }
}

/** Whether a stored file of this type must be converted to be downloaded as `format`. */
export function needsConversion(contentType: string, format: DownloadFormat | undefined) {
  return format !== undefined && DOWNLOAD_FORMAT_TYPE[format] !== contentType;
}

export type DownloadConversions = ReturnType<typeof createDownloadConversions>;

/**
 * Converts downloads a few at a time; a converted file made by software gets Content
 * Credentials of its own (its new bytes would break the stored file's).
 */
export function createDownloadConversions(credentials: Pick<ContentCredentials, "carry">) {
  const queue = new PQueue({ concurrency: CONCURRENT_CONVERSIONS });
  return {
    convert(bytes: Buffer, format: DownloadFormat): Promise<Buffer> {
      return queue.add(async () => credentials.carry(await convertImage(bytes, format)), {
        throwOnTimeout: true,
      });
    },
  };
}

/** What was done to a file of the record, for its name: none for a take or the chosen result. */
function suffixOf(view: ImageRecordView, file: StoredFile): string | null {
  switch (file.kind) {
    case "original":
      return "original";
    case "cutout":
      return "transparent";
    case "upscaled":
      return "upscaled-2x";
    case "edited":
      return `edit-${view.edits.findIndex((edit) => edit.id === file.id) + 1}`;
    case "difference":
      return "difference";
    case "processed":
      return null;
  }
}

/**
 * A file of the record as a download names it (downloadFileName): the upload's name, the
 * scene, the take's number when the generation made several, what was done to it, and the
 * extension of `format` (its own when none).
 */
export function downloadNameOf(
  view: ImageRecordView,
  file: StoredFile,
  format: DownloadFormat | undefined,
): string {
  const takeIndex = view.takes.findIndex((take) => take.file.id === file.id);
  return downloadFileName({
    photoName: view.sourceName,
    prompt: view.prompt,
    take: view.takes.length > 1 && takeIndex >= 0 ? takeIndex + 1 : null,
    suffix: suffixOf(view, file),
    extension: format ? DOWNLOAD_FORMAT_EXTENSION[format] : extensionOf(file.contentType),
  });
}
