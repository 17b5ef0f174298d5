import { crc32 } from "node:zlib";
import sharp from "sharp";
import { type DigitalSourceType, digitalSourceXmp } from "../../../engines/digital-source.ts";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The signature and the IHDR chunk (13 bytes of data, 12 of length, type and CRC). */
const PNG_HEADER_END = PNG_SIGNATURE.length + 25;
const JPEG_START = Buffer.from([0xff, 0xd8]);
const JPEG_APP0 = 0xe0;
const XMP_PNG_KEYWORD = "XML:com.adobe.xmp";
const XMP_JPEG_NAMESPACE = "http://ns.adobe.com/xap/1.0/\0";

/** A PNG iTXt chunk holding the XMP packet, uncompressed, as XMP's own spec lays it out. */
function pngXmpChunk(xmp: string): Buffer {
  const data = Buffer.concat([
    Buffer.from(`${XMP_PNG_KEYWORD}\0\0\0\0\0`, "latin1"),
    Buffer.from(xmp, "utf8"),
  ]);
  const typed = Buffer.concat([Buffer.from("iTXt", "latin1"), data]);
  const chunk = Buffer.alloc(typed.length + 8);
  chunk.writeUInt32BE(data.length, 0);
  typed.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typed), 4 + typed.length);
  return chunk;
}

/** A JPEG APP1 segment holding the XMP packet. */
function jpegXmpSegment(xmp: string): Buffer {
  const payload = Buffer.concat([Buffer.from(XMP_JPEG_NAMESPACE, "latin1"), Buffer.from(xmp)]);
  const segment = Buffer.alloc(payload.length + 4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  payload.copy(segment, 4);
  return segment;
}

/** Where an APP1 goes in a JPEG: after its start and its JFIF header, which must come first. */
function jpegInsertAt(bytes: Buffer): number {
  if (bytes[2] === 0xff && bytes[3] === JPEG_APP0) return 4 + bytes.readUInt16BE(4);
  return JPEG_START.length;
}

function spliced(bytes: Buffer, at: number, part: Buffer): Buffer {
  return Buffer.concat([bytes.subarray(0, at), part, bytes.subarray(at)]);
}

/**
 * The image's bytes saying in XMP that software made them as `type` (engines/digital-source.ts).
 * PNG and JPEG without XMP get it written beside their pixels, untouched and at no encoding cost
 * (a 1 MP result is saved at once); any other image is encoded again, its pixels kept.
 */
export async function markMadeBySoftware(bytes: Buffer, type: DigitalSourceType): Promise<Buffer> {
  const xmp = digitalSourceXmp(type);
  const { format, xmp: present } = await sharp(bytes).metadata();
  if (!present && format === "png" && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return spliced(bytes, PNG_HEADER_END, pngXmpChunk(xmp));
  }
  if (!present && format === "jpeg" && bytes.subarray(0, 2).equals(JPEG_START)) {
    return spliced(bytes, jpegInsertAt(bytes), jpegXmpSegment(xmp));
  }
  const image = sharp(bytes).withXmp(xmp);
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: 95, chromaSubsampling: "4:4:4" }).toBuffer();
    case "webp":
      return image.webp({ lossless: true }).toBuffer();
    default:
      return image.png().toBuffer();
  }
}
