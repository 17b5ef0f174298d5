import { DOWNLOAD_MESSAGES, GENERATION_MESSAGES as M, type TImageRecord } from "@backdrop/shared";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import {
  getFile,
  photoBytes,
  pollRecord,
  postFal,
  postUpload,
  processBody,
} from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN } from "./helpers/identity.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

const SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

/** A WebP file: "RIFF", four bytes of length, "WEBP". */
function isWebp(bytes: Uint8Array) {
  const text = Buffer.from(bytes.subarray(0, 12)).toString("latin1");
  return text.startsWith("RIFF") && text.endsWith("WEBP");
}

function startsWith(bytes: Uint8Array, signature: number[]) {
  return signature.every((byte, index) => bytes[index] === byte);
}

const hasCutout = (record: TImageRecord) => record.cutoutImage !== null;
const finished = (record: TImageRecord) => record.status === "completed" && hasCutout(record);

/**
 * Issue 28 point 3: downloads named after the photo's own file name and the scene, each take
 * apart, in PNG, JPEG or WebP. Downloads do not depend on the job driver: in-process jobs only.
 */
describeEachDatabase("downloads that keep names", (database) => {
  const g = useGenerationApps(
    database,
    { label: "inline jobs", env: () => ({}) },
    {
      cutouts: true,
    },
  );

  async function generated(fileName: string, prompt: string, variations = 1) {
    const res = await postUpload(g.t, g.ada, photoBytes("coffee.png"), { fileName });
    expect(res.status).toBe(200);
    const { url, savedBaseImage } = (await res.json()) as {
      url: string;
      savedBaseImage: { _id: string };
    };
    const uploaded = { url, recordId: savedBaseImage._id };
    const body = { ...processBody(g.ada, uploaded), prompt, variations };
    await accepted(await postFal(g.t, "process", body, g.ada));
    return pollRecord(g.t, g.ada, uploaded.recordId, finished);
  }

  const withFormat = (url: string, format: string) => `${url}?format=${format}`;

  function archive(ids: string[], format?: string) {
    return g.t.app.request(`/api/images/archive${format ? `?format=${format}` : ""}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/json", ...asCookie(g.ada) },
      body: JSON.stringify({ ids }),
    });
  }

  it("keeps the upload's own name, and names each take's download after it and the scene", async () => {
    await subscribeInSandbox(g.t, g.ada, "pro");
    const record = await generated(
      "Red Bottle SKU#1042.png",
      "on a marble counter, morning light",
      2,
    );
    expect(record.sourceName).toBe("Red Bottle SKU#1042.png");
    const [first, second] = record.variations;

    const png = await getFile(g.t, withFormat(second?.url ?? "", "png"), g.ada);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe(
      'attachment; filename="red-bottle-sku-1042__marble-counter-morning-light__take-2.png"',
    );
    const pngBytes = new Uint8Array(await png.arrayBuffer());
    expect(startsWith(pngBytes, SIGNATURES.png)).toBe(true);
    expect(Number(png.headers.get("content-length"))).toBe(pngBytes.length);

    const jpeg = await getFile(g.t, withFormat(first?.url ?? "", "jpeg"), g.ada);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(jpeg.headers.get("content-disposition")).toBe(
      'attachment; filename="red-bottle-sku-1042__marble-counter-morning-light__take-1.jpg"',
    );
    const jpegBytes = Buffer.from(await jpeg.arrayBuffer());
    expect(startsWith(jpegBytes, SIGNATURES.jpeg)).toBe(true);
    const source = await sharp(pngBytes).metadata();
    expect(await sharp(jpegBytes).metadata()).toMatchObject({
      format: "jpeg",
      width: source.width,
      height: source.height,
    });

    // Without a format, the file is shown as it is stored, as before.
    const shown = await getFile(g.t, second?.url ?? "", g.ada);
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; filename="backdrop-/);
  });

  it("converts the transparent cut-out: WebP keeps its alpha, JPEG lies on white", async () => {
    await subscribeInSandbox(g.t, g.ada, "pro");
    const record = await generated("lamp.png", "studio shot");
    const cutoutUrl = record.cutoutImage?.url ?? "";

    const webp = await getFile(g.t, withFormat(cutoutUrl, "webp"), g.ada);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("content-disposition")).toBe(
      'attachment; filename="lamp__studio-shot__transparent.webp"',
    );
    const webpBytes = Buffer.from(await webp.arrayBuffer());
    expect(isWebp(webpBytes)).toBe(true);
    expect(await sharp(webpBytes).metadata()).toMatchObject({ format: "webp", hasAlpha: true });

    const jpeg = await getFile(g.t, withFormat(cutoutUrl, "jpeg"), g.ada);
    const jpegBytes = Buffer.from(await jpeg.arrayBuffer());
    const { data, info } = await sharp(jpegBytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    // The cut-out's corner is transparent: white in the JPEG.
    expect([...data.subarray(0, 3)].every((value) => value > 245)).toBe(true);
  });

  it("names a photo of another script in filename*, and refuses unknown formats and others' files", async () => {
    await subscribeInSandbox(g.t, g.ada, "pro");
    const record = await generated("Бутылка 7.png", "on a marble counter");
    const url = record.processedImage?.url ?? "";

    const res = await getFile(g.t, withFormat(url, "png"), g.ada);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="_______-7__marble-counter.png"; filename*=UTF-8''${encodeURIComponent("бутылка-7__marble-counter.png")}`,
    );

    for (const format of ["gif", "JPEG", "png,webp", ""]) {
      const refused = await getFile(g.t, withFormat(url, format), g.ada);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: DOWNLOAD_MESSAGES.unknownFormat });
    }
    const bobs = await getFile(g.t, withFormat(url, "jpeg"), g.bob);
    expect(bobs.status).toBe(404);
    expect(await bobs.json()).toEqual({ error: M.recordNotFound });
    expect((await getFile(g.t, withFormat(url, "jpeg"), null)).status).toBe(401);
  });

  it("zips results under distinct names, converted to the format asked", async () => {
    await subscribeInSandbox(g.t, g.ada, "pro");
    const first = await generated("C:\\fakepath\\mug.png", "on a wooden table");
    const again = await generated("mug.png", "on a wooden table");
    const other = await generated("no-extension", "with palm trees on the beach");

    const res = await archive([first._id, again._id, other._id], "webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="backdrop-images.zip"',
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      "mug__wooden-table.webp",
      "mug__wooden-table-2.webp",
      "no-extension__palm-trees-beach.webp",
    ]);
    for (const bytes of Object.values(files)) {
      expect(isWebp(bytes)).toBe(true);
      expect((await sharp(bytes).metadata()).format).toBe("webp");
    }

    const jpegs = unzipSync(
      new Uint8Array(await (await archive([first._id], "jpeg")).arrayBuffer()),
    );
    const jpeg = jpegs["mug__wooden-table.jpg"] ?? new Uint8Array();
    expect(startsWith(jpeg, SIGNATURES.jpeg)).toBe(true);

    const refused = await archive([first._id], "tiff");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: DOWNLOAD_MESSAGES.unknownFormat });
  });
});
