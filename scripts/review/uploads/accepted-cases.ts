/** Odd but valid photos: stored upright, stripped of metadata and in an accepted format. */
import sharp from "sharp";
import type { Answer } from "../lib/http.ts";
import { header } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import { AS_GIF, AS_JPEG, AS_WEBP, MiB, named } from "./common.ts";

export type Accepted = {
  name: string;
  bytes: () => Promise<Buffer> | Buffer;
  filename?: string;
  type?: string;
  /** Checks on the stored file's bytes and headers; a string is the failure. */
  verify: (file: Buffer, served: Answer, body: { url: string }) => Promise<true | string>;
};

const meta = (file: Buffer) => sharp(file).metadata();
const format = (want: string) => async (file: Buffer) => {
  const m = await meta(file);
  return m.format === want ? true : `stored as ${m.format}`;
};

/** A PNG with a 1 MiB tEXt chunk before its IEND. */
function withTextChunk(image: Buffer): Buffer {
  const iend = image.length - 12;
  const text = Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(MiB, 0x61)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(text.length);
  // CRC is not checked by every decoder; a wrong one must not matter for a refusal either.
  const chunk = Buffer.concat([length, Buffer.from("tEXt"), text, Buffer.alloc(4)]);
  return Buffer.concat([image.subarray(0, iend), chunk, image.subarray(iend)]);
}

export function acceptedCases(): Accepted[] {
  const png = () => I.photo("coffee.png");
  const jpeg = () => I.photo("rocket.jpg");
  return [
    { name: "PNG named .jpg with image/jpeg", bytes: png, ...AS_JPEG, verify: format("png") },
    { name: "JPEG named .png with image/png", bytes: jpeg, verify: format("jpeg") },
    {
      name: "PNG sent as text/plain",
      bytes: png,
      ...named("txt", "text/plain"),
      verify: format("png"),
    },
    {
      name: "PNG sent as image/svg+xml is served as image/png",
      bytes: png,
      ...named("svg", "image/svg+xml"),
      verify: async (_f, served) =>
        header(served, "content-type") === "image/png"
          ? true
          : `served as ${header(served, "content-type")}`,
    },
    {
      name: "2048×2048 (the limit) is accepted",
      bytes: () => I.uniform(2048, 2048, "#abcdef"),
      verify: async (file) => {
        const m = await meta(file);
        return m.width === 2048 && m.height === 2048 ? true : `${m.width}×${m.height}`;
      },
    },
    {
      name: "animated GIF keeps its first frame, as PNG",
      bytes: I.animatedGif,
      ...AS_GIF,
      verify: async (file) => {
        const m = await meta(file);
        const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
        const red = (data[0] ?? 0) > 200 && (data[2] ?? 255) < 50;
        return m.format === "png" && (m.pages ?? 1) === 1 && red
          ? true
          : `${m.format}, ${m.pages} pages, first pixel ${[...data.subarray(0, 3)]}`;
      },
    },
    {
      name: "animated WebP keeps one frame",
      bytes: I.animatedWebp,
      ...AS_WEBP,
      verify: async (file) => {
        const m = await meta(file);
        return m.format === "webp" && (m.pages ?? 1) === 1 ? true : `${m.format}, ${m.pages} pages`;
      },
    },
    {
      name: "CMYK JPEG is stored in sRGB",
      bytes: I.cmykJpeg,
      ...AS_JPEG,
      verify: async (file) => {
        const m = await meta(file);
        return m.format === "jpeg" && m.space === "srgb" && m.channels === 3
          ? true
          : `${m.format} ${m.space} ${m.channels}ch`;
      },
    },
    {
      name: "16-bit PNG is stored and decodable",
      bytes: I.sixteenBitPng,
      verify: async (file) => {
        const m = await meta(file);
        return m.format === "png" && m.width === 600 ? true : `${m.format} ${m.width}`;
      },
    },
    {
      name: "EXIF orientation 6 (400×200) is stored upright 200×400 without the tag",
      bytes: I.rotatedJpeg,
      ...AS_JPEG,
      verify: async (file) => {
        const m = await meta(file);
        return m.width === 200 && m.height === 400 && !m.orientation && !m.exif
          ? true
          : `${m.width}×${m.height}, orientation ${m.orientation}, exif ${Boolean(m.exif)}`;
      },
    },
    {
      name: "JPEG with GPS and a PHP comment in EXIF is stored without EXIF",
      bytes: I.gpsJpeg,
      ...AS_JPEG,
      verify: async (file) => {
        const m = await meta(file);
        return !m.exif && !file.includes("<?php") && !m.icc ? true : "metadata kept";
      },
    },
    {
      name: "AVIF is stored as PNG",
      bytes: I.avif,
      ...named("avif", "image/avif"),
      verify: format("png"),
    },
    { name: "WebP is stored as WebP", bytes: I.webp, ...AS_WEBP, verify: format("webp") },
    {
      name: "PNG with HTML after IEND is stored without it",
      bytes: () =>
        Buffer.concat([png(), Buffer.from("<html><script>alert(document.cookie)</script></html>")]),
      verify: async (file) => (file.includes("<script") ? "script bytes kept" : true),
    },
    {
      name: "PNG with a 1 MB tEXt chunk is stored without it",
      bytes: () => withTextChunk(png()),
      verify: async (file) => (file.length < MiB ? true : `stored ${file.length} bytes`),
    },
    {
      name: "filename ../../../etc/passwd.png is not used for storage",
      bytes: png,
      filename: "../../../etc/passwd.png",
      verify: async (_f, _s, body) =>
        /\/api\/files\/[0-9a-f-]{36}\.png$/.test(body.url) ? true : `url ${body.url}`,
    },
    {
      name: "filename with a script is not echoed",
      bytes: png,
      filename: "<img src=x onerror=alert(1)>.png",
      verify: async (_f, _s, body) =>
        JSON.stringify(body).includes("onerror") ? "filename echoed" : true,
    },
    {
      name: "1×1 PNG",
      bytes: () => I.uniform(1, 1),
      verify: async (file) => ((await meta(file)).width === 1 ? true : "not 1×1"),
    },
    {
      name: "noise PNG just under 10 MiB (1800×1800)",
      bytes: async () => {
        const bytes = await I.noise(1800, 1800);
        if (bytes.length >= 10 * MiB) throw new Error(`fixture is ${bytes.length} bytes`);
        return bytes;
      },
      verify: async (file) => ((await meta(file)).width === 1800 ? true : "wrong size"),
    },
  ];
}
