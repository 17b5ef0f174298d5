import { describe, expect, it } from "vitest";
import { sniffFile, sniffImage } from "./image-sniff.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? Array.from(part, (char) => char.charCodeAt(0)) : part,
    ),
  );

/** An ISO-BMFF file's start: its `ftyp` box with a major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], ...compatible);

describe("sniffImage", () => {
  it.each([
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe1])],
    ["png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["gif", bytes("GIF89a")],
    ["webp", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ")],
    ["avif", ftyp("avif", "mif1", "miaf")],
    ["avif", ftyp("mif1", "avif")],
  ] as const)("names a %s the server takes", (format, head) => {
    expect(sniffImage(head)).toEqual({ kind: "web", format });
  });

  it.each([
    ["heic", ftyp("heic", "mif1", "heic")],
    ["heix", ftyp("heix", "mif1")],
    ["mif1 with heic", ftyp("mif1", "heic")],
    ["a bare mif1", ftyp("mif1")],
  ])("takes %s for an iPhone photo", (_, head) => {
    expect(sniffImage(head)).toEqual({ kind: "heic" });
  });

  it.each([
    ["TIFF", bytes("II*", [0, 8, 0, 0, 0]), "scan.tif"],
    ["TIFF", bytes("MM", [0, 42]), "scan.tiff"],
    ["Camera RAW", bytes("II*", [0, 8, 0, 0, 0]), "IMG_1.NEF"],
    ["Camera RAW", bytes("II*", [0, 16, 0, 0, 0], "CR"), "IMG_1.bin"],
    ["Camera RAW", bytes("IIRO"), "P1.ORF"],
    ["Camera RAW", bytes("FUJIFILMCCD-RAW "), "DSCF.RAF"],
    ["Camera RAW", ftyp("crx ", "crx "), "IMG.CR3"],
    ["Photoshop (PSD)", bytes("8BPS", [0, 1]), "layout.psd"],
    ["BMP", bytes("BM", [0, 0]), "old.bmp"],
    ["JPEG XL", bytes([0xff, 0x0a]), "a.jxl"],
    ["SVG", bytes('<?xml version="1.0"?><svg xmlns'), "logo.svg"],
  ])("names %s as a format it cannot read (%s)", (name, head, fileName) => {
    expect(sniffImage(head, fileName)).toEqual({ kind: "unsupported", name });
  });

  it.each([
    ["text", bytes("hello, this is not a photo")],
    ["PDF", bytes("%PDF-1.7")],
    ["a video", ftyp("isom", "mp41")],
    ["nothing", bytes()],
  ])("finds no image in %s", (_, head) => {
    expect(sniffImage(head)).toEqual({ kind: "none" });
  });
});

describe("sniffFile", () => {
  it("reads the bytes, not the name or type", async () => {
    const renamed = new File(["just some notes"], "photo.jpg", { type: "image/jpeg" });
    expect(await sniffFile(renamed)).toEqual({ kind: "none" });
    const iphone = new File([ftyp("heic", "mif1")], "IMG_0001.jpg", { type: "image/jpeg" });
    expect(await sniffFile(iphone)).toEqual({ kind: "heic" });
  });
});
