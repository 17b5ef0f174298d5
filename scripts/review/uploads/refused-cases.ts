/** Uploads that must be refused: not images, disguised, truncated, too heavy or too large. */
import * as I from "../lib/images.ts";
import { AS_GIF, AS_JPEG, AS_WEBP, M, MiB, named } from "./common.ts";

export type Refused = {
  name: string;
  bytes: () => Promise<Buffer> | Buffer;
  filename?: string;
  type?: string;
  status: number | number[];
  message: string | string[];
};

const notImage = { status: 415, message: M.notAnImage };
const tooHeavy = { status: 413, message: M.imageTooHeavy };
const tooLarge = { status: 400, message: M.imageTooLarge };
/** Past what the decoder itself takes: refused as too large or as not an image. */
const tooLargeToDecode = { status: [400, 415], message: [M.imageTooLarge, M.notAnImage] };

export function refusedCases(): Refused[] {
  const png = () => I.photo("coffee.png");
  const jpeg = () => I.photo("rocket.jpg");
  return [
    { name: "empty file", bytes: () => Buffer.alloc(0), status: 400, message: M.imageRequired },
    { name: "truncated PNG (first 100 bytes)", bytes: () => png().subarray(0, 100), ...notImage },
    {
      name: "truncated PNG (first half)",
      bytes: () => png().subarray(0, png().length >> 1),
      ...notImage,
    },
    {
      name: "truncated JPEG (first 200 bytes)",
      bytes: () => jpeg().subarray(0, 200),
      ...AS_JPEG,
      ...notImage,
    },
    {
      name: "truncated JPEG (first half)",
      bytes: () => jpeg().subarray(0, jpeg().length >> 1),
      ...AS_JPEG,
      ...notImage,
    },
    {
      name: "text disguised as PNG",
      bytes: () => Buffer.from("hello, this is not an image\n"),
      ...notImage,
    },
    {
      name: "HTML disguised as JPEG",
      bytes: () => Buffer.from("<html><script>alert(1)</script></html>"),
      ...AS_JPEG,
      ...notImage,
    },
    {
      name: "PDF disguised as PNG",
      bytes: () => Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF"),
      ...notImage,
    },
    {
      name: "JSON disguised as WebP",
      bytes: () => Buffer.from('{"image":true}'),
      ...AS_WEBP,
      ...notImage,
    },
    {
      name: "SVG with script (image/svg+xml)",
      bytes: () => I.SVG,
      ...named("svg", "image/svg+xml"),
      ...notImage,
    },
    { name: "SVG disguised as PNG", bytes: () => I.SVG, ...notImage },
    { name: "TIFF", bytes: () => I.tiff(), ...named("tiff", "image/tiff"), ...notImage },
    { name: "BMP", bytes: () => I.bmp(), ...named("bmp", "image/bmp"), ...notImage },
    { name: "HEIC", bytes: () => I.heic(), ...named("heic", "image/heic"), ...notImage },
    { name: "GIF header only", bytes: () => Buffer.from("GIF87a"), ...AS_GIF, ...notImage },
    {
      name: "JPEG SOI+EOI only",
      bytes: () => Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      ...AS_JPEG,
      ...notImage,
    },
    {
      name: "PNG with one byte before its signature",
      bytes: () => Buffer.concat([Buffer.from([0]), png()]),
      ...notImage,
    },
    {
      name: "polyglot: GIF magic over a PNG body",
      bytes: () => Buffer.concat([Buffer.from("GIF89a"), png().subarray(6)]),
      ...notImage,
    },
    {
      name: "polyglot: JPEG magic then HTML",
      bytes: () => Buffer.from("\xff\xd8\xff<html><script>alert(1)</script>", "latin1"),
      ...notImage,
    },
    {
      name: "polyglot: PNG signature then a ZIP",
      bytes: () =>
        Buffer.concat([png().subarray(0, 8), Buffer.from("PK\x03\x04 zip body", "latin1")]),
      ...notImage,
    },
    {
      name: "polyglot: WebP RIFF header over PNG data",
      bytes: () => Buffer.concat([Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), png()]),
      ...notImage,
    },
    {
      name: "2048×2048 PNG header with a garbage body",
      bytes: () =>
        Buffer.concat([I.declaredPng(2048, 2048, 1).subarray(0, 33), Buffer.alloc(500, 0x41)]),
      ...notImage,
    },
    {
      name: "10 MiB exactly (PNG header, zero padding)",
      bytes: () => Buffer.concat([png(), Buffer.alloc(10 * MiB - png().length)]),
      ...tooHeavy,
    },
    {
      name: "10 MiB + 1 byte",
      bytes: () => Buffer.concat([png(), Buffer.alloc(10 * MiB + 1 - png().length)]),
      ...tooHeavy,
    },
    {
      name: "12 MB (past the body limit)",
      bytes: () => Buffer.concat([png(), Buffer.alloc(12 * MiB)]),
      ...tooHeavy,
    },
    { name: "30 MB", bytes: () => Buffer.concat([png(), Buffer.alloc(30 * MiB)]), ...tooHeavy },
    { name: "2049×2049 PNG", bytes: () => I.uniform(2049, 2049), ...tooLarge },
    { name: "2049×100 PNG", bytes: () => I.uniform(2049, 100), ...tooLarge },
    { name: "100×2049 PNG", bytes: () => I.uniform(100, 2049), ...tooLarge },
    {
      name: "2049×2049 header, 1 row of data",
      bytes: () => I.declaredPng(2049, 2049, 1),
      ...tooLarge,
    },
    {
      name: "PNG bomb: 60000×60000 declared, few KB",
      bytes: () => I.declaredPng(60_000, 60_000, 16),
      ...tooLarge,
    },
    {
      name: "PNG bomb: 1,000,000×1,000,000 declared",
      bytes: () => I.declaredPng(1_000_000, 1_000_000, 1),
      ...tooLargeToDecode,
    },
    {
      name: "JPEG SOF declaring 65000×65000",
      bytes: () => I.declaredJpeg(65_000, 65_000),
      ...AS_JPEG,
      ...tooLarge,
    },
    {
      name: "JPEG SOF declaring 4000×100",
      bytes: () => I.declaredJpeg(4000, 100),
      ...AS_JPEG,
      ...tooLarge,
    },
    {
      name: "GIF declaring 65535×65535",
      bytes: () => I.declaredGif(65_535, 65_535),
      ...AS_GIF,
      ...tooLarge,
    },
    {
      name: "WebP declaring 3000×3000",
      bytes: () => I.declaredWebp(3000, 3000),
      ...AS_WEBP,
      ...tooLarge,
    },
    {
      name: "WebP declaring 16384×16384 (past libwebp's own limit)",
      bytes: () => I.declaredWebp(16_384, 16_384),
      ...AS_WEBP,
      ...tooLargeToDecode,
    },
  ];
}
