import { unsupportedImageMessage } from "@backdrop/shared";
import {
  checkImageLimits,
  IMAGE_MESSAGES,
  type ImageSize,
  isSmallPhoto,
  type PhotoCheck,
  readImageSize,
  type SizeReader,
} from "./image-checks.ts";
import { sniffFile } from "./image-sniff.ts";

export type CheckSteps = {
  /** The file is an image and its pixels are being read. */
  onDecoding?: () => void;
  /** The file is an iPhone photo being converted to JPEG. */
  onConverting?: () => void;
  convertHeic?: (file: File) => Promise<File>;
};

/** The decoder is some 750 KB gzipped: fetched only when an iPhone photo is picked. */
const heicToJpeg = async (file: File) => (await import("./heic-convert.ts")).heicToJpeg(file);

const refused = (message: string, resizable: File | null = null): PhotoCheck => ({
  ok: false,
  message,
  resizable,
});

/**
 * The studio's checks of one photo, each refusal with one message: what its first bytes are
 * (not an image, or an image format we cannot read), an iPhone photo converted to JPEG, then its
 * pixels decoded (or it is damaged) and held to the size and weight limits. A refused photo's
 * preview URL is revoked here.
 */
export async function checkPhoto(
  picked: File,
  readSize: SizeReader = readImageSize,
  { onDecoding, onConverting, convertHeic = heicToJpeg }: CheckSteps = {},
): Promise<PhotoCheck> {
  const sniffed = await sniffFile(picked);
  if (sniffed.kind === "none") return refused(IMAGE_MESSAGES.notImage);
  if (sniffed.kind === "unsupported") return refused(unsupportedImageMessage(sniffed.name));
  let file = picked;
  if (sniffed.kind === "heic") {
    onConverting?.();
    try {
      file = await convertHeic(picked);
    } catch {
      return refused(IMAGE_MESSAGES.damaged);
    }
  }
  onDecoding?.();
  const url = URL.createObjectURL(file);
  let size: ImageSize;
  try {
    size = await readSize(url);
  } catch {
    URL.revokeObjectURL(url);
    return refused(IMAGE_MESSAGES.damaged);
  }
  const overLimit = checkImageLimits(size, file.size);
  if (overLimit) {
    URL.revokeObjectURL(url);
    return refused(overLimit, file);
  }
  return { ok: true, file, url, size, small: isSmallPhoto(size) };
}
