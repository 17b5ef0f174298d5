/**
 * Category 2: bad uploads answer a clean 4xx with the spec's message and store nothing; odd but
 * valid photos are stored upright, stripped and in an accepted format; the per-user upload rate
 * limit answers 429 with Retry-After and the storage quota 413.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { User } from "./lib/actors.ts";
import * as A from "./lib/actors.ts";
import { query } from "./lib/db.ts";
import { type Answer, errorOf, header, multipart, type NoAnswer, request } from "./lib/http.ts";
import * as I from "./lib/images.ts";
import type { Instance } from "./lib/instance.ts";
import type { Cases } from "./lib/report.ts";

const M = {
  notAnImage: "Please select an image file (JPEG, PNG, etc.)",
  imageTooHeavy: "Image size should be less than 10MB",
  imageTooLarge: "Oops! Your image is too large. Maximum size allowed is 2048 x 2048 pixels.",
  uploadFailed: "Unable to upload image. Please check the file and try again.",
  imageRequired: "Please select an image to upload.",
  uidRequired: "uid is required",
  forbidden: "Forbidden",
  unauthorized: "Unauthorized",
  tooManyUploads:
    "You have uploaded many photos in a short time. Please wait a few minutes and try again.",
};
const MiB = 1024 * 1024;

/** What a user has stored: database rows and files on disk (partials included). */
async function stored(inst: Instance, userId: string) {
  const [row] = await query(inst, "select count(*) as n from stored_files where user_id = ?", [
    userId,
  ]);
  const [records] = await query(inst, "select count(*) as n from image_records where user_id = ?", [
    userId,
  ]);
  const root = join(inst.dataDir, "files", "users", userId);
  let files = 0;
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files += 1;
    }
  };
  walk(root);
  return { rows: Number(row?.n ?? 0), records: Number(records?.n ?? 0), files };
}

type Refused = {
  name: string;
  bytes: () => Promise<Buffer> | Buffer;
  filename?: string;
  type?: string;
  status: number | number[];
  message: string | string[];
};

function refusedCases(): Refused[] {
  const png = () => I.photo("coffee.png");
  const jpeg = () => I.photo("rocket.jpg");
  const notImage = { status: 415, message: M.notAnImage };
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
      filename: "p.jpg",
      type: "image/jpeg",
      ...notImage,
    },
    {
      name: "truncated JPEG (first half)",
      bytes: () => jpeg().subarray(0, jpeg().length >> 1),
      filename: "p.jpg",
      type: "image/jpeg",
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
      filename: "p.jpg",
      type: "image/jpeg",
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
      filename: "p.webp",
      type: "image/webp",
      ...notImage,
    },
    {
      name: "SVG with script (image/svg+xml)",
      bytes: () => I.SVG,
      filename: "p.svg",
      type: "image/svg+xml",
      ...notImage,
    },
    { name: "SVG disguised as PNG", bytes: () => I.SVG, ...notImage },
    { name: "TIFF", bytes: () => I.tiff(), filename: "p.tiff", type: "image/tiff", ...notImage },
    { name: "BMP", bytes: () => I.bmp(), filename: "p.bmp", type: "image/bmp", ...notImage },
    { name: "HEIC", bytes: () => I.heic(), filename: "p.heic", type: "image/heic", ...notImage },
    {
      name: "GIF header only",
      bytes: () => Buffer.from("GIF87a"),
      filename: "p.gif",
      type: "image/gif",
      ...notImage,
    },
    {
      name: "JPEG SOI+EOI only",
      bytes: () => Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      filename: "p.jpg",
      type: "image/jpeg",
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
      status: 413,
      message: M.imageTooHeavy,
    },
    {
      name: "10 MiB + 1 byte",
      bytes: () => Buffer.concat([png(), Buffer.alloc(10 * MiB + 1 - png().length)]),
      status: 413,
      message: M.imageTooHeavy,
    },
    {
      name: "12 MB (past the body limit)",
      bytes: () => Buffer.concat([png(), Buffer.alloc(12 * MiB)]),
      status: 413,
      message: M.imageTooHeavy,
    },
    {
      name: "30 MB",
      bytes: () => Buffer.concat([png(), Buffer.alloc(30 * MiB)]),
      status: 413,
      message: M.imageTooHeavy,
    },
    {
      name: "2049×2049 PNG",
      bytes: () => I.uniform(2049, 2049),
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "2049×100 PNG",
      bytes: () => I.uniform(2049, 100),
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "100×2049 PNG",
      bytes: () => I.uniform(100, 2049),
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "2049×2049 header, 1 row of data",
      bytes: () => I.declaredPng(2049, 2049, 1),
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "PNG bomb: 60000×60000 declared, few KB",
      bytes: () => I.declaredPng(60_000, 60_000, 16),
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "PNG bomb: 1,000,000×1,000,000 declared",
      bytes: () => I.declaredPng(1_000_000, 1_000_000, 1),
      status: [400, 415],
      message: [M.imageTooLarge, M.notAnImage],
    },
    {
      name: "JPEG SOF declaring 65000×65000",
      bytes: () => I.declaredJpeg(65_000, 65_000),
      filename: "p.jpg",
      type: "image/jpeg",
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "JPEG SOF declaring 4000×100",
      bytes: () => I.declaredJpeg(4000, 100),
      filename: "p.jpg",
      type: "image/jpeg",
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "GIF declaring 65535×65535",
      bytes: () => I.declaredGif(65_535, 65_535),
      filename: "p.gif",
      type: "image/gif",
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "WebP declaring 3000×3000",
      bytes: () => I.declaredWebp(3000, 3000),
      filename: "p.webp",
      type: "image/webp",
      status: 400,
      message: M.imageTooLarge,
    },
    {
      name: "WebP declaring 16384×16384 (past libwebp's own limit)",
      bytes: () => I.declaredWebp(16_384, 16_384),
      filename: "p.webp",
      type: "image/webp",
      status: [400, 415],
      message: [M.imageTooLarge, M.notAnImage],
    },
  ];
}

type Accepted = {
  name: string;
  bytes: () => Promise<Buffer> | Buffer;
  filename?: string;
  type?: string;
  /** Checks on the stored file's bytes and headers; a string is the failure. */
  verify: (file: Buffer, served: Answer, body: { url: string }) => Promise<true | string>;
};

const meta = (file: Buffer) => sharp(file).metadata();

function acceptedCases(): Accepted[] {
  const png = () => I.photo("coffee.png");
  const jpeg = () => I.photo("rocket.jpg");
  const format = (want: string) => async (file: Buffer) => {
    const m = await meta(file);
    return m.format === want ? true : `stored as ${m.format}`;
  };
  return [
    {
      name: "PNG named .jpg with image/jpeg",
      bytes: png,
      filename: "p.jpg",
      type: "image/jpeg",
      verify: format("png"),
    },
    { name: "JPEG named .png with image/png", bytes: jpeg, verify: format("jpeg") },
    {
      name: "PNG sent as text/plain",
      bytes: png,
      filename: "p.txt",
      type: "text/plain",
      verify: format("png"),
    },
    {
      name: "PNG sent as image/svg+xml is served as image/png",
      bytes: png,
      filename: "p.svg",
      type: "image/svg+xml",
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
      filename: "p.gif",
      type: "image/gif",
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
      filename: "p.webp",
      type: "image/webp",
      verify: async (file) => {
        const m = await meta(file);
        return m.format === "webp" && (m.pages ?? 1) === 1 ? true : `${m.format}, ${m.pages} pages`;
      },
    },
    {
      name: "CMYK JPEG is stored in sRGB",
      bytes: I.cmykJpeg,
      filename: "p.jpg",
      type: "image/jpeg",
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
      filename: "p.jpg",
      type: "image/jpeg",
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
      filename: "p.jpg",
      type: "image/jpeg",
      verify: async (file) => {
        const m = await meta(file);
        return !m.exif && !file.includes("<?php") && !m.icc ? true : "metadata kept";
      },
    },
    {
      name: "AVIF is stored as PNG",
      bytes: I.avif,
      filename: "p.avif",
      type: "image/avif",
      verify: format("png"),
    },
    {
      name: "WebP is stored as WebP",
      bytes: I.webp,
      filename: "p.webp",
      type: "image/webp",
      verify: format("webp"),
    },
    {
      name: "PNG with HTML after IEND is stored without it",
      bytes: () =>
        Buffer.concat([png(), Buffer.from("<html><script>alert(document.cookie)</script></html>")]),
      verify: async (file) => (file.includes("<script") ? "script bytes kept" : true),
    },
    {
      name: "PNG with a 1 MB tEXt chunk is stored without it",
      bytes: () => {
        const image = png();
        const iend = image.length - 12;
        const text = Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(MiB, 0x61)]);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(text.length);
        // CRC is not checked by every decoder; a wrong one must not matter for a refusal either.
        const chunk = Buffer.concat([length, Buffer.from("tEXt"), text, Buffer.alloc(4)]);
        return Buffer.concat([image.subarray(0, iend), chunk, image.subarray(iend)]);
      },
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

function upload(
  inst: Instance,
  user: User | null,
  bytes: Buffer,
  filename = "photo.png",
  type = "image/png",
  userUid?: string,
) {
  return A.postUpload(inst, user, bytes, {
    filename,
    type,
    ...(userUid !== undefined ? { userUid } : {}),
  });
}

/** Sends a hand-made multipart body (or any body) as an upload. */
function rawUpload(
  inst: Instance,
  user: User,
  body: Buffer | string,
  contentType?: string,
  headers = {},
) {
  return request(inst.url, "/api/fal/upload", {
    method: "POST",
    headers: {
      ...A.sameOrigin(inst),
      ...A.asCookie(user),
      ...(contentType ? { "content-type": contentType } : {}),
      ...headers,
    },
    body,
  });
}

function messageIs(answer: Answer | NoAnswer, wanted: string | string[]): boolean {
  return (Array.isArray(wanted) ? wanted : [wanted]).includes(errorOf(answer));
}

export async function badUploads(inst: Instance, cases: Cases): Promise<void> {
  const user = await A.createUser(inst, "uploader");
  const victim = await A.createUser(inst, "victim");

  /** A refusal: status, message, and no row or file stored for the user. */
  async function refused(
    name: string,
    send: () => Promise<Answer | NoAnswer>,
    status: number | number[],
    message: string | string[],
    who = user,
  ) {
    await cases.run(name, async () => {
      const before = await stored(inst, who.id);
      const answer = await send();
      const after = await stored(inst, who.id);
      const statuses = Array.isArray(status) ? status : [status];
      if (!statuses.includes(answer.status))
        return `expected ${statuses.join("/")}, got ${answer.status} ${answer.status ? answer.text.slice(0, 120) : answer.error}`;
      if (!messageIs(answer, message)) return `message "${errorOf(answer)}"`;
      if (JSON.stringify(after) !== JSON.stringify(before))
        return `stored something: ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
      return true;
    });
  }

  for (const c of refusedCases()) {
    const bytes = await c.bytes();
    await refused(c.name, () => upload(inst, user, bytes, c.filename, c.type), c.status, c.message);
  }

  // Malformed requests.
  const png = I.photo("coffee.png");
  await refused(
    "multipart without the image field",
    () => A.postUpload(inst, user, null),
    400,
    M.imageRequired,
  );
  await refused(
    "file under another field name",
    () => A.postUpload(inst, user, png, { field: "file" }),
    400,
    M.imageRequired,
  );
  await refused(
    "image sent as a text field",
    () => {
      const { body, contentType } = multipart([
        { name: "image", value: png.toString("latin1") },
        { name: "userUid", value: user.id },
      ]);
      return rawUpload(inst, user, body, contentType);
    },
    400,
    M.imageRequired,
  );
  await refused(
    "userUid missing",
    () => A.postUpload(inst, user, png, { userUid: null }),
    400,
    M.uidRequired,
  );
  await refused(
    "userUid empty",
    () => A.postUpload(inst, user, png, { userUid: "" }),
    400,
    M.uidRequired,
  );
  await refused(
    "another user's userUid",
    () => upload(inst, user, png, "p.png", "image/png", victim.id),
    403,
    M.forbidden,
  );
  await refused(
    "another user's userUid stores nothing for that user either",
    () => upload(inst, user, png, "p.png", "image/png", victim.id),
    403,
    M.forbidden,
    victim,
  );
  await refused(
    "JSON body instead of multipart",
    () =>
      rawUpload(inst, user, JSON.stringify({ image: "x", userUid: user.id }), "application/json"),
    400,
    [M.imageRequired, M.uploadFailed],
  );
  await refused(
    "multipart with a boundary that does not match",
    () => {
      const { body } = multipart([
        { name: "image", filename: "p.png", type: "image/png", data: png },
        { name: "userUid", value: user.id },
      ]);
      return rawUpload(inst, user, body, "multipart/form-data; boundary=nomatch");
    },
    400,
    [M.imageRequired, M.uploadFailed],
  );
  await refused("no content type", () => rawUpload(inst, user, png), 400, [
    M.imageRequired,
    M.uploadFailed,
  ]);
  await refused(
    "multipart cut off mid-file",
    () => {
      const { body, contentType } = multipart([
        { name: "userUid", value: user.id },
        { name: "image", filename: "p.png", type: "image/png", data: png },
      ]);
      return rawUpload(inst, user, body.subarray(0, body.length >> 1), contentType);
    },
    [400, 415],
    [M.imageRequired, M.uploadFailed, M.notAnImage],
  );
  await refused(
    "visitor",
    () => A.postUpload(inst, null, png, { userUid: user.id }),
    401,
    M.unauthorized,
  );
  await refused(
    "foreign Origin",
    () => A.postUpload(inst, user, png, {}, { origin: "https://evil.example" }),
    403,
    "Forbidden origin",
  );
  await cases.run("two files in the image field store at most one", async () => {
    const before = await stored(inst, user.id);
    const { body, contentType } = multipart([
      { name: "image", filename: "a.png", type: "image/png", data: png },
      { name: "image", filename: "b.jpg", type: "image/jpeg", data: I.photo("rocket.jpg") },
      { name: "userUid", value: user.id },
    ]);
    const answer = await rawUpload(inst, user, body, contentType);
    const after = await stored(inst, user.id);
    const added = after.records - before.records;
    if (answer.status === 400 && added === 0) return true;
    if (answer.status === 200 && added === 1) return true;
    return `got ${answer.status} ${answer.status ? answer.text.slice(0, 80) : ""}, ${added} records added`;
  });

  // Odd but valid photos: stored as the docs say.
  for (const c of acceptedCases()) {
    const bytes = await c.bytes();
    await cases.run(`accepted: ${c.name}`, async () => {
      const answer = await upload(
        inst,
        user,
        bytes,
        c.filename ?? "photo.png",
        c.type ?? "image/png",
      );
      if (answer.status !== 200)
        return `expected 200, got ${answer.status} ${answer.status ? answer.text.slice(0, 120) : answer.error}`;
      const body = answer.json as { url: string };
      const served = await A.get(inst, new URL(body.url).pathname, user);
      if (served.status !== 200) return `stored file answered ${served.status}`;
      if (header(served, "x-content-type-options") !== "nosniff")
        return "stored file served without nosniff";
      return c.verify(served.body, served, body);
    });
  }
  const after = await stored(inst, user.id);
  cases.check(
    "every stored file has its row and no .partial is left",
    after.files === after.rows,
    JSON.stringify(after),
  );
}

/** UPLOAD_RATE_LIMIT=5/600, FREE_STORAGE_QUOTA_MB=2, STORAGE_QUOTA_MB=6 on this instance. */
export async function uploadLimits(inst: Instance, cases: Cases): Promise<void> {
  const tiny = await I.uniform(4, 4);
  const heavy = await A.createUser(inst, "heavy");
  const neighbour = await A.createUser(inst, "neighbour");
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await A.postUpload(inst, heavy, tiny)).status);
  cases.check(
    "5 uploads within UPLOAD_RATE_LIMIT=5/600 are accepted",
    statuses.every((s) => s === 200),
    statuses.join(","),
  );
  const sixth = await A.postUpload(inst, heavy, tiny);
  const retry = Number(header(sixth, "retry-after"));
  cases.status("6th upload answers 429", sixth, 429);
  cases.check(
    "429 carries the upload message",
    errorOf(sixth) === M.tooManyUploads,
    errorOf(sixth),
  );
  cases.check(
    "429 carries Retry-After between 1 and 600 s",
    retry >= 1 && retry <= 600,
    header(sixth, "retry-after"),
  );
  const before = await stored(inst, heavy.id);
  const other = await rawFrom(inst, heavy, tiny, "127.0.0.9");
  cases.status("the limit is per user: another address does not reset it (429)", other, 429);
  cases.check(
    "nothing stored past the limit",
    JSON.stringify(await stored(inst, heavy.id)) === JSON.stringify(before),
    "",
  );
  cases.status("another user is not limited by it", await A.postUpload(inst, neighbour, tiny), 200);

  const refusedFirst = await A.createUser(inst, "refused-first");
  for (let i = 0; i < 5; i++) await A.postUpload(inst, refusedFirst, Buffer.from("not an image"));
  cases.status(
    "refused uploads count toward the limit too (6th, a good photo: 429)",
    await A.postUpload(inst, refusedFirst, tiny),
    429,
  );
  cases.status(
    "visitors are refused before the limit (401)",
    await A.postUpload(inst, null, tiny, { userUid: heavy.id }),
    401,
  );

  // Quotas: free 2 MB, paid 6 MB; the check is on the bytes sent plus what is stored.
  const freeUser = await A.createUser(inst, "quota-free");
  const noiseMb = await I.noise(600, 600); // about 1.08 MB, incompressible
  const first = await A.postUpload(inst, freeUser, noiseMb);
  cases.status("free user: first 1.1 MB photo within the 2 MB quota", first, 200);
  const beforeQuota = await stored(inst, freeUser.id);
  const second = await A.postUpload(inst, freeUser, noiseMb);
  cases.status("free user: a second 1.1 MB photo passes the quota: 413", second, 413);
  cases.check(
    "413 names the 2 MB limit",
    errorOf(second).includes("storage limit of 2 MB"),
    errorOf(second),
  );
  cases.check(
    "nothing stored by the refused upload",
    JSON.stringify(await stored(inst, freeUser.id)) === JSON.stringify(beforeQuota),
    "",
  );
  cases.status("free user: a tiny photo still fits", await A.postUpload(inst, freeUser, tiny), 200);

  const paid = await A.subscriber(inst, "quota-paid", "starter");
  const big = await I.noise(1350, 1350); // about 5.5 MB
  cases.check(
    "paid fixture is between 2 and 6 MB",
    big.length > 2_000_000 && big.length < 6_000_000,
    String(big.length),
  );
  cases.status(
    "paid user: a 5.5 MB photo fits the 6 MB paid quota (free would refuse it)",
    await A.postUpload(inst, paid, big),
    200,
  );
  const over = await A.postUpload(inst, paid, noiseMb);
  cases.status("paid user: passing 6 MB answers 413", over, 413);
  cases.check(
    "413 names the 6 MB limit",
    errorOf(over).includes("storage limit of 6 MB"),
    errorOf(over),
  );
  const freeBig = await A.createUser(inst, "quota-free-big");
  const freeOver = await A.postUpload(inst, freeBig, big);
  cases.status("free user: the same 5.5 MB photo passes the 2 MB free quota: 413", freeOver, 413);
}

function rawFrom(inst: Instance, user: User, data: Buffer, localAddress: string) {
  const { body, contentType } = multipart([
    { name: "image", filename: "p.png", type: "image/png", data },
    { name: "userUid", value: user.id },
  ]);
  return request(inst.url, "/api/fal/upload", {
    method: "POST",
    localAddress,
    headers: { ...A.sameOrigin(inst), ...A.asCookie(user), "content-type": contentType },
    body,
  });
}
