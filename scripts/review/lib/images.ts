import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { REPO_ROOT } from "./instance.ts";

const PHOTOS = join(REPO_ROOT, "apps", "server", "test", "fixtures", "photos");
export const SHARED_PHOTOS = "/work/shared/fixtures/photos";

export type PhotoName = "coffee.png" | "astronaut.png" | "rocket.jpg";

export function photo(name: PhotoName): Buffer {
  return readFileSync(join(PHOTOS, name));
}

/** A fixture photo resized to exactly width × height (cost: 8 tokens per started megapixel). */
export async function photoAt(
  name: PhotoName,
  width: number,
  height: number,
  format: "png" | "jpeg" = "jpeg",
) {
  const image = sharp(photo(name)).resize(width, height, { fit: "fill" });
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** About one megapixel, just under it (8 tokens). */
export const oneMegapixel = (name: PhotoName = "coffee.png") => photoAt(name, 1224, 816);
/** The largest upload, 2048 × 2048 (40 tokens). */
export const fourMegapixels = (name: PhotoName = "astronaut.png") => photoAt(name, 2048, 2048);

/** One flat colour: a photo with nothing in it for the cut-out to find. */
export function uniform(width: number, height: number, colour = "#9a9a9a") {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function noise(width: number, height: number, format: "png" | "jpeg" = "png") {
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 90 },
    },
  });
  return format === "png"
    ? image.png({ compressionLevel: 0 }).toBuffer()
    : image.jpeg({ quality: 100 }).toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header declares width × height, with `rows` real rows of zero pixels compressed
 * (a decompression bomb when the size is huge: a few KB declaring billions of pixels).
 */
export function declaredPng(width: number, height: number, rows = Math.min(height, 64)): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(Math.min(rows, height) * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose SOF marker is rewritten to declare width × height. */
export async function declaredJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#446688" } })
      .jpeg({ mozjpeg: false })
      .toBuffer(),
  );
  for (let at = 2; at < jpeg.length - 9; ) {
    if (jpeg[at] !== 0xff) break;
    const marker = jpeg[at + 1] ?? 0;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + length;
  }
  throw new Error("no SOF marker");
}

/** A GIF whose logical screen and frame declare width × height, with a tiny body. */
export async function declaredGif(width: number, height: number): Promise<Buffer> {
  const gif = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#446688" } })
      .gif()
      .toBuffer(),
  );
  gif.writeUInt16LE(width, 6);
  gif.writeUInt16LE(height, 8);
  // The first image descriptor (0x2C) carries the frame size at +5..+8.
  const descriptor = gif.indexOf(0x2c, 13);
  if (descriptor > 0) {
    gif.writeUInt16LE(width, descriptor + 5);
    gif.writeUInt16LE(height, descriptor + 7);
  }
  return gif;
}

/** A lossless WebP rewritten to declare width × height in its VP8L header (14 bits each). */
export async function declaredWebp(width: number, height: number): Promise<Buffer> {
  const webp = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#446688" } })
      .webp({ lossless: true })
      .toBuffer(),
  );
  const at = webp.indexOf("VP8L", 12, "latin1");
  if (at < 0) throw new Error("no VP8L chunk");
  // Signature byte 0x2f at at+8, then 14 bits width-1, 14 bits height-1.
  const bits =
    ((width - 1) & 0x3fff) |
    (((height - 1) & 0x3fff) << 14) |
    (webp.readUInt32LE(at + 9) & 0xf0000000);
  webp.writeUInt32LE(bits >>> 0, at + 9);
  return webp;
}

export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
    .gif({ loop: 0 })
    .toBuffer();
}

export async function animatedWebp(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } })
    .webp()
    .toBuffer();
}

export function cmykJpeg() {
  return sharp(photo("rocket.jpg")).toColourspace("cmyk").jpeg().toBuffer();
}

export function sixteenBitPng() {
  return sharp(photo("coffee.png")).toColourspace("rgb16").png().toBuffer();
}

/** 400 × 200 pixels stored, EXIF orientation 6: shown 200 wide and 400 tall. */
export function rotatedJpeg() {
  return sharp(photo("rocket.jpg"))
    .resize(400, 200, { fit: "fill" })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function gpsJpeg() {
  return sharp(photo("rocket.jpg"))
    .jpeg()
    .withExif({
      IFD0: { Copyright: "review", ImageDescription: "<?php system($_GET['c']); ?>" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .toBuffer();
}

export function avif() {
  return sharp(photo("coffee.png")).resize(120, 80).avif().toBuffer();
}

/** An AVIF container relabelled as HEIC (brands heic/mif1), which is not an accepted format. */
export async function heic(): Promise<Buffer> {
  const bytes = Buffer.from(await avif());
  const boxEnd = bytes.readUInt32BE(0);
  bytes.write("heic", 8, "latin1");
  for (let at = 16; at + 4 <= boxEnd; at += 4) bytes.write("mif1", at, "latin1");
  return bytes;
}

export function webp() {
  return sharp(photo("coffee.png")).webp({ quality: 80 }).toBuffer();
}

export function tiff() {
  return sharp(photo("coffee.png")).tiff().toBuffer();
}

/** A 24-bit BMP of 2 × 2 pixels, written by hand (sharp does not write BMP). */
export function bmp(): Buffer {
  const pixels = Buffer.alloc(16, 0x80);
  const header = Buffer.alloc(54);
  header.write("BM", 0, "latin1");
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.domain)</script><rect width="100" height="100" fill="red"/></svg>',
);
