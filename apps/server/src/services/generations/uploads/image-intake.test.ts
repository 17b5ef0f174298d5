import { readFile } from "node:fs/promises";
import { GENERATION_MESSAGES, IMAGE_LIMITS } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngDeclaring } from "../../../../test/helpers/png-declaring.ts";
import { IntakeError, takeInImage } from "./image-intake.ts";
import { isLosslessWebp, sniffImageFormat } from "./image-sniff.ts";

const PHOTOS = new URL("../../../../test/fixtures/photos/", import.meta.url);
const photo = (name: string) => readFile(new URL(name, PHOTOS));

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

function canvas(width: number, height: number, background = RED) {
  return sharp({ create: { width, height, channels: 3, background } });
}

const png = (width: number, height: number, background = RED) =>
  canvas(width, height, background).png().toBuffer();

/** Two frames, red then blue. */
async function animated(format: "gif" | "webp"): Promise<Buffer> {
  const frames = await Promise.all([png(40, 30, RED), png(40, 30, BLUE)]);
  return sharp(frames, { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
}

/** The RGB of the pixel at (x, y). */
async function pixelAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(bytes)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

/** An ISO-BMFF `ftyp` box with the given major and compatible brands, then some filler. */
function ftyp(major: string, compatible: string[]): Buffer {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + brands.length);
  return Buffer.concat([size, Buffer.from(`ftyp${brands}`, "latin1"), Buffer.alloc(64)]);
}

/** Pads a valid image with trailing zero bytes up to `length`. */
async function paddedPng(length: number): Promise<Buffer> {
  const image = await png(16, 16);
  return Buffer.concat([image, Buffer.alloc(length - image.length)]);
}

async function refusal(bytes: Buffer): Promise<IntakeError> {
  const error = await takeInImage(bytes).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(IntakeError);
  return error as IntakeError;
}

async function expectRefused(bytes: Buffer, message: string, status: number): Promise<void> {
  const error = await refusal(bytes);
  expect(error.message).toBe(message);
  expect(error.status).toBe(status);
}

const expectNotAnImage = (bytes: Buffer) =>
  expectRefused(bytes, GENERATION_MESSAGES.notAnImage, 415);
const expectTooLarge = (bytes: Buffer) =>
  expectRefused(bytes, GENERATION_MESSAGES.imageTooLarge, 400);
const expectTooHeavy = (bytes: Buffer) =>
  expectRefused(bytes, GENERATION_MESSAGES.imageTooHeavy, 413);

describe("takeInImage: accepted formats", () => {
  const cases = [
    { source: "jpeg", make: () => canvas(64, 48).jpeg().toBuffer(), stored: "jpeg", ext: "jpg" },
    { source: "png", make: () => png(64, 48), stored: "png", ext: "png" },
    { source: "webp", make: () => canvas(64, 48).webp().toBuffer(), stored: "webp", ext: "webp" },
    { source: "gif", make: () => canvas(64, 48).gif().toBuffer(), stored: "png", ext: "png" },
    { source: "avif", make: () => canvas(64, 48).avif().toBuffer(), stored: "png", ext: "png" },
  ] as const;

  it.each(cases)(
    "takes $source in and stores it as $stored",
    async ({ source, make, stored, ext }) => {
      const image = await takeInImage(await make());
      expect(image).toMatchObject({
        contentType: `image/${stored}`,
        extension: ext,
        width: 64,
        height: 48,
        sourceFormat: source,
      });
      const written = await sharp(image.bytes).metadata();
      expect(written).toMatchObject({ format: stored, width: 64, height: 48 });
    },
  );

  it("takes in the real photos at their own size", async () => {
    await expect(takeInImage(await photo("rocket.jpg"))).resolves.toMatchObject({
      contentType: "image/jpeg",
      width: 640,
      height: 427,
    });
    await expect(takeInImage(await photo("coffee.png"))).resolves.toMatchObject({
      contentType: "image/png",
      width: 600,
      height: 400,
    });
  });

  it("judges the bytes alone, so PNG bytes stay PNG whatever the upload was called", async () => {
    // takeInImage receives no file name or declared type: "coffee.jpg" sent as image/jpeg is
    // still these PNG bytes.
    const image = await takeInImage(await photo("coffee.png"));
    expect(image).toMatchObject({
      sourceFormat: "png",
      contentType: "image/png",
      extension: "png",
    });
  });

  it("keeps transparency in PNG", async () => {
    const translucent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { ...RED, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const image = await takeInImage(translucent);
    expect((await sharp(image.bytes).metadata()).channels).toBe(4);
  });

  it("keeps a lossless WebP lossless and a lossy one lossy", async () => {
    const lossless = await takeInImage(await canvas(32, 32).webp({ lossless: true }).toBuffer());
    expect(isLosslessWebp(lossless.bytes)).toBe(true);
    const lossy = await takeInImage(await canvas(32, 32).webp({ quality: 80 }).toBuffer());
    expect(isLosslessWebp(lossy.bytes)).toBe(false);
  });
});

describe("takeInImage: not an image", () => {
  const refused = {
    empty: Buffer.alloc(0),
    text: Buffer.from("just some words, not a picture\n"),
    pdf: Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    "HEIC ftyp": ftyp("heic", ["mif1", "heic"]),
    "HEIX ftyp": ftyp("heix", ["mif1", "heix"]),
    "mif1-only ftyp": ftyp("mif1", ["mif1", "miaf"]),
    tiff: Buffer.concat([Buffer.from("II*\0", "latin1"), Buffer.alloc(64)]),
    bmp: Buffer.concat([Buffer.from("BM", "latin1"), Buffer.alloc(64)]),
    "JPEG magic over garbage": Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64)]),
    "PNG signature alone": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  };

  it.each(Object.entries(refused))("refuses %s", async (_name, bytes) => {
    await expectNotAnImage(bytes);
  });

  it("refuses a real TIFF", async () => {
    await expectNotAnImage(await canvas(16, 16).tiff().toBuffer());
  });

  it("refuses a truncated JPEG whose header still reads", async () => {
    const rocket = await photo("rocket.jpg");
    const truncated = rocket.subarray(0, Math.floor(rocket.length / 2));
    expect((await sharp(truncated).metadata()).width).toBe(640);
    await expectNotAnImage(truncated);
  });

  it("refuses a file that sniffs as AVIF but holds something else", async () => {
    const gifBody = await canvas(16, 16).gif().toBuffer();
    const fakeAvif = Buffer.concat([ftyp("avif", ["avif"]).subarray(0, 24), gifBody]);
    await expectNotAnImage(fakeAvif);
  });
});

describe("takeInImage: size", () => {
  it("refuses exactly 10 MiB and more, before reading the image", async () => {
    await expectTooHeavy(await paddedPng(IMAGE_LIMITS.maxBytes));
    await expectTooHeavy(await paddedPng(IMAGE_LIMITS.maxBytes + 1));
  });

  it("accepts a byte under 10 MiB", async () => {
    const image = await takeInImage(await paddedPng(IMAGE_LIMITS.maxBytes - 1));
    expect(image).toMatchObject({ contentType: "image/png", width: 16, height: 16 });
  });

  it("reports a heavy non-image as not an image, since the bytes are judged first", async () => {
    await expectNotAnImage(Buffer.alloc(IMAGE_LIMITS.maxBytes + 1, "a"));
  });
});

describe("takeInImage: dimensions", () => {
  it("refuses 2049 wide or 2049 high", async () => {
    await expectTooLarge(await png(2049, 10));
    await expectTooLarge(await png(10, 2049));
    await expectTooLarge(await canvas(2049, 10).jpeg().toBuffer());
  });

  it("accepts 2048 × 2048", async () => {
    const image = await takeInImage(await png(2048, 2048));
    expect(image).toMatchObject({ width: 2048, height: 2048 });
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const started = performance.now();
    // Had the pixels been decoded, sharp's pixel limit would fail it as not an image instead.
    await expectTooLarge(bomb);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("takeInImage: re-encoding", () => {
  it("turns an EXIF orientation 6 JPEG upright and drops its EXIF and GPS", async () => {
    // Stored 300×200 with a red left half; orientation 6 shows it turned a quarter clockwise.
    const left = await png(150, 200, RED);
    const stored = await canvas(300, 200, BLUE)
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .toBuffer();
    const before = await sharp(stored).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 300, height: 200 });
    expect(hasGpsIfd(before.exif)).toBe(true);

    const image = await takeInImage(stored);
    expect(image).toMatchObject({ contentType: "image/jpeg", width: 200, height: 300 });
    const after = await sharp(image.bytes).metadata();
    expect(after).toMatchObject({ width: 200, height: 300 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    // The stored left half is now the top.
    expect(await pixelAt(image.bytes, 100, 20)).toEqual([255, 0, 0].map(near));
    expect(await pixelAt(image.bytes, 100, 280)).toEqual([0, 0, 255].map(near));
  });

  it("keeps the first frame of an animated GIF, as PNG", async () => {
    const gif = await animated("gif");
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const image = await takeInImage(gif);
    expect(image).toMatchObject({
      sourceFormat: "gif",
      contentType: "image/png",
      width: 40,
      height: 30,
    });
    const written = await sharp(image.bytes).metadata();
    expect(written.pages ?? 1).toBe(1);
    expect(await pixelAt(image.bytes, 20, 15)).toEqual([255, 0, 0].map(near));
  });

  it("keeps the first frame of an animated WebP, as WebP", async () => {
    const webp = await animated("webp");
    const image = await takeInImage(webp);
    expect(image).toMatchObject({
      sourceFormat: "webp",
      contentType: "image/webp",
      width: 40,
      height: 30,
    });
    expect((await sharp(image.bytes).metadata()).pages ?? 1).toBe(1);
    expect(await pixelAt(image.bytes, 20, 15)).toEqual([255, 0, 0].map(near));
  });
});

describe("sniffImageFormat", () => {
  it("finds AVIF among the compatible brands as well as the major one", () => {
    expect(sniffImageFormat(ftyp("avif", ["mif1"]))).toBe("avif");
    expect(sniffImageFormat(ftyp("mif1", ["miaf", "avif"]))).toBe("avif");
    expect(sniffImageFormat(ftyp("msf1", ["avis"]))).toBe("avif");
    expect(sniffImageFormat(ftyp("heic", ["mif1", "heic"]))).toBeUndefined();
  });

  it("knows each accepted signature and nothing shorter", () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from("GIF87a", "latin1"))).toBe("gif");
    expect(sniffImageFormat(Buffer.from("GIF89a", "latin1"))).toBe("gif");
    expect(sniffImageFormat(Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"))).toBe("webp");
    expect(sniffImageFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt ", "latin1"))).toBeUndefined();
  });
});

/** Whether an EXIF block points to a GPS IFD (tag 0x8825, in either byte order). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return (
    exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) ||
    exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]))
  );
}

/** Lossy codecs shift colours a little; this matches a channel within a few levels. */
function near(value: number) {
  return expect.closeTo(value, -1);
}
