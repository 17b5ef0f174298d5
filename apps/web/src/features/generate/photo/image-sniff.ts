/**
 * What a file is, from its first bytes (its magic numbers), whatever its name or type claim:
 * a text file renamed .jpg is not an image, and an iPhone photo is HEIC whatever it is called.
 */
export type SniffedImage =
  /** One of the formats the server takes (SPEC point 5). */
  | { kind: "web"; format: "jpeg" | "png" | "gif" | "webp" | "avif" }
  /** An iPhone's HEIC/HEIF photo: the studio converts it to JPEG. */
  | { kind: "heic" }
  /** A real image the studio cannot read, named for the seller. */
  | { kind: "unsupported"; name: string }
  /** No image signature at all. */
  | { kind: "none" };

/** How many leading bytes `sniffImage` needs. */
export const SNIFF_BYTES = 64;

const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIF_BRANDS = new Set([
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
  "mif2",
]);
/** Camera RAW files whose container is TIFF, told apart by their extension. */
const TIFF_RAW_EXTENSIONS = new Set([
  "cr2",
  "nef",
  "nrw",
  "arw",
  "srf",
  "sr2",
  "dng",
  "pef",
  "srw",
]);
const CAMERA_RAW = "Camera RAW";

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The major and compatible brands of an ISO-BMFF file's leading `ftyp` box. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return [];
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const boxEnd = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  // Compatible brands follow the major brand (8..12) and the minor version (12..16).
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

function sniffIsoMedia(bytes: Uint8Array): SniffedImage | null {
  const brands = ftypBrands(bytes);
  if (brands.length === 0) return null;
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return { kind: "web", format: "avif" };
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return { kind: "heic" };
  if (brands[0] === "crx ") return { kind: "unsupported", name: CAMERA_RAW };
  if (brands[0] === "jp2 ") return { kind: "unsupported", name: "JPEG 2000" };
  return null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

function sniffTiff(bytes: Uint8Array, fileName: string): SniffedImage | null {
  const head = ascii(bytes, 0, 4);
  // Olympus and Panasonic RAW files change TIFF's magic number; Fujifilm's have their own.
  if (head === "IIRO" || head === "IIRS" || head === "IIU\0") {
    return { kind: "unsupported", name: CAMERA_RAW };
  }
  if (ascii(bytes, 0, 15) === "FUJIFILMCCD-RAW") return { kind: "unsupported", name: CAMERA_RAW };
  if (head !== "II*\0" && head !== "MM\0*") return null;
  const raw = TIFF_RAW_EXTENSIONS.has(extensionOf(fileName)) || ascii(bytes, 8, 10) === "CR";
  return { kind: "unsupported", name: raw ? CAMERA_RAW : "TIFF" };
}

/** SVG is text: an XML declaration or an `<svg` tag near the start. */
function isSvg(bytes: Uint8Array): boolean {
  const text = ascii(bytes, 0, bytes.length).trimStart().toLowerCase();
  return text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg"));
}

/** Names what `bytes` (a file's first SNIFF_BYTES) are; `fileName` only tells RAW from TIFF. */
export function sniffImage(bytes: Uint8Array, fileName = ""): SniffedImage {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "web", format: "jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: "web", format: "png" };
  }
  const magic = ascii(bytes, 0, 6);
  if (magic === "GIF87a" || magic === "GIF89a") return { kind: "web", format: "gif" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { kind: "web", format: "webp" };
  }
  const iso = sniffIsoMedia(bytes);
  if (iso) return iso;
  const tiff = sniffTiff(bytes, fileName);
  if (tiff) return tiff;
  if (ascii(bytes, 0, 4) === "8BPS") return { kind: "unsupported", name: "Photoshop (PSD)" };
  if (ascii(bytes, 0, 2) === "BM") return { kind: "unsupported", name: "BMP" };
  if (startsWith(bytes, [0xff, 0x0a]) || ascii(bytes, 4, 8) === "JXL ") {
    return { kind: "unsupported", name: "JPEG XL" };
  }
  if (isSvg(bytes)) return { kind: "unsupported", name: "SVG" };
  return { kind: "none" };
}

/** Reads a file's first bytes and names what it is. */
export async function sniffFile(file: Blob & { name?: string }): Promise<SniffedImage> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImage(head, file.name ?? "");
}
