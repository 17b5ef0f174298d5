/** The upload formats SPEC point 5 accepts, named after the container the bytes are in. */
export type SourceFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const AVIF_BRANDS = new Set(["avif", "avis"]);

function startsWith(bytes: Buffer, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.toString("latin1", start, end);
}

function isGif(bytes: Buffer): boolean {
  const magic = ascii(bytes, 0, 6);
  return magic === "GIF87a" || magic === "GIF89a";
}

function isWebp(bytes: Buffer): boolean {
  return bytes.length >= 16 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP";
}

/**
 * An ISO-BMFF file is AVIF when its leading `ftyp` box names `avif` or `avis` as the major or a
 * compatible brand. HEIC shares the container (brands heic, heix, mif1…) but is not accepted.
 */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
  if (boxEnd < 16) return false;
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  // Compatible brands follow the major brand (8..12) and the minor version (12..16).
  for (let at = 16; at + 4 <= boxEnd; at += 4) {
    if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  }
  return false;
}

/** Names the image format from its magic numbers alone, or undefined when it is none we take. */
export function sniffImageFormat(bytes: Buffer): SourceFormat | undefined {
  if (startsWith(bytes, JPEG_SIGNATURE)) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (isGif(bytes)) return "gif";
  if (isWebp(bytes)) return "webp";
  if (isAvif(bytes)) return "avif";
  return undefined;
}

type RiffChunk = { fourcc: string; start: number; end: number };

/** The RIFF chunks laid out between `start` and `end`, stopping at the first malformed one. */
function riffChunks(bytes: Buffer, start: number, end: number): RiffChunk[] {
  const chunks: RiffChunk[] = [];
  let at = start;
  while (at + 8 <= end) {
    const size = bytes.readUInt32LE(at + 4);
    const dataStart = at + 8;
    const dataEnd = dataStart + size;
    if (dataEnd > end) break;
    chunks.push({ fourcc: ascii(bytes, at, at + 4), start: dataStart, end: dataEnd });
    at = dataEnd + (size % 2); // chunks are padded to an even length
  }
  return chunks;
}

// An ANMF frame's payload starts with 16 bytes of position, size, duration and flags.
const ANMF_HEADER_BYTES = 16;

/**
 * Whether a WebP's (first) frame is VP8L-coded, i.e. lossless. Simple files hold a VP8 or VP8L
 * chunk directly; extended (VP8X) files may hold it inside their first ANMF animation frame.
 */
export function isLosslessWebp(bytes: Buffer): boolean {
  if (!isWebp(bytes)) return false;
  for (const chunk of riffChunks(bytes, 12, bytes.length)) {
    if (chunk.fourcc === "VP8L") return true;
    if (chunk.fourcc === "VP8 ") return false;
    if (chunk.fourcc === "ANMF") {
      const frame = riffChunks(bytes, chunk.start + ANMF_HEADER_BYTES, chunk.end);
      return frame.some((inner) => inner.fourcc === "VP8L");
    }
  }
  return false;
}
