import { GENERATION_MESSAGES, IMAGE_LIMITS } from "@backdrop/shared";
import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "../../../lib/app-error.ts";
import { isLosslessWebp, type SourceFormat, sniffImageFormat } from "./image-sniff.ts";

type StoredFormat = "jpeg" | "png" | "webp";

export type IntakeImage = {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png" | "image/webp";
  extension: "jpg" | "png" | "webp";
  width: number;
  height: number;
  sourceFormat: SourceFormat;
};

/** An upload refused by SPEC point 5, carrying the user-facing message and the HTTP status. */
export class IntakeError extends AppError {
  override name = "IntakeError";
}

const notAnImage = () => new IntakeError(415, GENERATION_MESSAGES.notAnImage);

/** What libvips calls each accepted format once it has read the header. */
const DECODER_NAMES: Record<SourceFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

const STORED_FORMAT: Record<SourceFormat, StoredFormat> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "png",
  avif: "png",
};

const STORED_TYPES: Record<StoredFormat, Pick<IntakeImage, "contentType" | "extension">> = {
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
  webp: { contentType: "image/webp", extension: "webp" },
};

const QUALITY = 92;
const MAX_PIXELS = IMAGE_LIMITS.maxWidth * IMAGE_LIMITS.maxHeight;

/**
 * Reads dimensions and orientation without decoding pixels. The pixel limit is lifted here on
 * purpose so an oversized header is reported as too large (400) rather than failing as unreadable.
 */
async function readHeader(bytes: Buffer, format: SourceFormat): Promise<Metadata> {
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  // A polyglot whose magic numbers say one thing but whose body decodes as another is refused.
  if (header.format !== DECODER_NAMES[format]) throw notAnImage();
  if (format === "avif" && header.compression !== "av1") throw notAnImage();
  if (!(header.width > 0 && header.height > 0)) throw notAnImage();
  return header;
}

/** The size the image is shown at: EXIF orientations 5–8 turn it a quarter. */
function displayedSize(header: Metadata): { width: number; height: number } {
  const turned = (header.orientation ?? 1) >= 5;
  return turned
    ? { width: header.height, height: header.width }
    : { width: header.width, height: header.height };
}

function encode(image: Sharp, stored: StoredFormat, bytes: Buffer): Sharp {
  switch (stored) {
    case "jpeg":
      return image.jpeg({ quality: QUALITY, mozjpeg: true });
    case "png":
      return image.png();
    case "webp":
      return isLosslessWebp(bytes)
        ? image.webp({ lossless: true })
        : image.webp({ quality: QUALITY });
  }
}

/**
 * Decodes the first frame, applies the EXIF orientation and re-encodes it. sharp writes no
 * metadata unless asked, so EXIF (GPS included) and ICC are dropped, the pixels converted to sRGB.
 */
async function reencode(bytes: Buffer, format: SourceFormat): Promise<IntakeImage> {
  const stored = STORED_FORMAT[format];
  // Second guard behind the header check: libvips refuses to decode more pixels than allowed.
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error", pages: 1 });
  try {
    const { data, info } = await encode(image.autoOrient(), stored, bytes).toBuffer({
      resolveWithObject: true,
    });
    return {
      bytes: data,
      ...STORED_TYPES[stored],
      width: info.width,
      height: info.height,
      sourceFormat: format,
    };
  } catch {
    throw notAnImage();
  }
}

/**
 * Vets an upload by its bytes alone (never its name or declared type) and returns it re-encoded,
 * upright and stripped of metadata. Throws IntakeError with SPEC point 5's message otherwise.
 */
export async function takeInImage(bytes: Buffer): Promise<IntakeImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw notAnImage();
  if (bytes.length >= IMAGE_LIMITS.maxBytes) {
    throw new IntakeError(413, GENERATION_MESSAGES.imageTooHeavy);
  }
  const { width, height } = displayedSize(await readHeader(bytes, format));
  if (width > IMAGE_LIMITS.maxWidth || height > IMAGE_LIMITS.maxHeight) {
    throw new IntakeError(400, GENERATION_MESSAGES.imageTooLarge);
  }
  return reencode(bytes, format);
}
