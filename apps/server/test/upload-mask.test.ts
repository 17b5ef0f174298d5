import { randomUUID } from "node:crypto";
import {
  GENERATION_MESSAGES as M,
  maskWrongSizeMessage,
  type TImageRecord,
} from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { GenerateInput } from "../src/engines/image-engine.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import {
  bytesOf,
  getFile,
  pollRecord,
  postFal,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { inlineJobs } from "./helpers/job-drivers.ts";
import { useLocalEngineApp } from "./helpers/local-app.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

const hasCutout = (record: TImageRecord) => record.cutoutImage !== null;

type Size = { width: number; height: number };

/** One byte a pixel: 255 on the left half of the frame, 0 on the right. */
function leftHalf({ width, height }: Size): Buffer {
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) mask.fill(255, y * width, y * width + Math.floor(width / 2));
  return mask;
}

function greyPng(mask: Buffer, { width, height }: Size): Promise<Buffer> {
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** A PNG whose alpha is `mask` and whose colour says nothing (all white). */
function alphaPng(mask: Buffer, { width, height }: Size): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let i = 0; i < mask.length; i++) rgba[i * 4 + 3] = mask[i] ?? 0;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The alpha of a cut-out PNG, one byte a pixel. */
async function alphaOf(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  const alpha = Buffer.alloc(info.width * info.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3] ?? 0;
  return alpha;
}

/** Issue 30 point 4: the upload's mask, read and replaced through the API. */
describeEachDatabase("the upload's mask through the API", (database) => {
  describe("with cut-outs", () => {
    const g = useGenerationApps(database, inlineJobs, { cutouts: true });

    const maskUrl = (recordId: string) => `/api/fal/uploads/${recordId}/mask`;

    const getMask = (user: SignedIn, recordId: string) =>
      g.t.app.request(maskUrl(recordId), { headers: asCookie(user) });

    function putMask(user: SignedIn | null, recordId: string, mask: Buffer | null) {
      const form = new FormData();
      if (mask) form.set("mask", new Blob([new Uint8Array(mask)], { type: "image/png" }), "m.png");
      return g.t.app.request(maskUrl(recordId), {
        method: "PUT",
        headers: { ...SAME_ORIGIN, ...(user ? asCookie(user) : {}) },
        body: form,
      });
    }

    /** The mask GET answers, checked to be a greyscale PNG at `size`, one byte a pixel. */
    async function currentMask(recordId: string, size: Size): Promise<Buffer> {
      const res = await getMask(g.ada, recordId);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const png = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: "png", channels: 1, ...size });
      return sharp(png).extractChannel(0).raw().toBuffer();
    }

    async function cutUpload() {
      const uploaded = await upload(g.t, g.ada, "rocket.jpg");
      const record = await pollRecord(g.t, g.ada, uploaded.recordId, hasCutout);
      return { uploaded, record, size: { width: record.width, height: record.height } };
    }

    it("answers the cut-out's alpha as a greyscale PNG at the upload's size", async () => {
      const { uploaded, record, size } = await cutUpload();
      expect(size).toEqual({ width: 640, height: 427 });
      const mask = await currentMask(uploaded.recordId, size);
      const cutout = await bytesOf(g.t, g.ada, record.cutoutImage?.url);
      expect(mask.equals(await alphaOf(cutout))).toBe(true);
      expect(new Set(mask)).toEqual(new Set([0, 255]));
    });

    it("replaces the mask for free, and the upload's next generation uses it", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const { uploaded, record, size } = await cutUpload();
      const before = await g.tokensOf(g.ada);
      const refined = leftHalf(size);

      const res = await putMask(g.ada, uploaded.recordId, await greyPng(refined, size));
      expect(res.status).toBe(200);
      const { cutoutImage } = (await res.json()) as { cutoutImage: { url: string } };
      expect(cutoutImage.url).not.toBe(record.cutoutImage?.url);
      expect(await g.tokensOf(g.ada)).toBe(before);
      expect((await pollRecord(g.t, g.ada, uploaded.recordId, () => true)).cutoutImage).toEqual(
        cutoutImage,
      );
      expect((await getFile(g.t, record.cutoutImage?.url ?? "", g.ada)).status).toBe(404);

      expect((await currentMask(uploaded.recordId, size)).equals(refined)).toBe(true);
      // The new cut-out is the photo's own pixels under the new mask.
      const cutout = await bytesOf(g.t, g.ada, cutoutImage.url);
      expect((await alphaOf(cutout)).equals(refined)).toBe(true);
      const photo = await sharp(await bytesOf(g.t, g.ada, uploaded.url))
        .raw()
        .toBuffer();
      const colours = await sharp(cutout).removeAlpha().raw().toBuffer();
      expect(colours.equals(photo)).toBe(true);

      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
      const generation = g.engine.inputs.find(({ kind }) => kind === "generate");
      const handed = (generation?.input as GenerateInput | undefined)?.cutout;
      expect(handed?.bytes.equals(cutout)).toBe(true);
      const matte = await sharp(handed?.matte ?? Buffer.alloc(0))
        .extractChannel(0)
        .raw()
        .toBuffer();
      expect(matte.equals(refined)).toBe(true);
      expect(g.engine.calls.cutout).toBe(1);
    });

    it("takes a mask's transparency when it has some, not its colour", async () => {
      const { uploaded, size } = await cutUpload();
      const refined = leftHalf(size);
      const res = await putMask(g.ada, uploaded.recordId, await alphaPng(refined, size));
      expect(res.status).toBe(200);
      expect((await currentMask(uploaded.recordId, size)).equals(refined)).toBe(true);
    });

    it("answers 404 to anyone but the owner, and for a record that is not there", async () => {
      const { uploaded, size } = await cutUpload();
      const mask = await greyPng(leftHalf(size), size);
      const bobGets = await getMask(g.bob, uploaded.recordId);
      expect(bobGets.status).toBe(404);
      expect(await bobGets.json()).toEqual({ error: M.recordNotFound });
      expect((await putMask(g.bob, uploaded.recordId, mask)).status).toBe(404);
      expect((await getMask(g.ada, randomUUID())).status).toBe(404);
      expect((await putMask(g.ada, randomUUID(), mask)).status).toBe(404);
      expect((await putMask(null, uploaded.recordId, mask)).status).toBe(401);
      expect((await g.t.app.request(maskUrl(uploaded.recordId))).status).toBe(401);
      const unchanged = await currentMask(uploaded.recordId, size);
      expect(unchanged.equals(leftHalf(size))).toBe(false);
    });

    it("refuses a mask of the wrong size, a non-image, a JPEG and an empty mask, changing nothing", async () => {
      const { uploaded, record, size } = await cutUpload();
      const mask = await currentMask(uploaded.recordId, size);
      const small = { width: 320, height: 214 };
      const refusals: [Buffer | null, string][] = [
        [await greyPng(leftHalf(small), small), maskWrongSizeMessage(small, size)],
        [Buffer.from("just some words, not a picture"), M.maskNotAnImage],
        [
          await sharp(leftHalf(size), { raw: { ...size, channels: 1 } })
            .jpeg()
            .toBuffer(),
          M.maskNotPng,
        ],
        [await greyPng(Buffer.alloc(size.width * size.height), size), M.maskEmpty],
        [await alphaPng(Buffer.alloc(size.width * size.height), size), M.maskEmpty],
        [null, M.maskRequired],
      ];
      for (const [sent, error] of refusals) {
        const res = await putMask(g.ada, uploaded.recordId, sent);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error });
      }
      const heavy = await putMask(g.ada, uploaded.recordId, Buffer.alloc(11 * 1024 * 1024));
      expect(heavy.status).toBe(413);
      expect(await heavy.json()).toEqual({ error: M.imageTooHeavy });
      expect(maskWrongSizeMessage(small, size)).toContain("640 × 427 px");
      expect((await currentMask(uploaded.recordId, size)).equals(mask)).toBe(true);
      const after = await pollRecord(g.t, g.ada, uploaded.recordId, () => true);
      expect(after.cutoutImage).toEqual(record.cutoutImage);
    });

    it("answers 409 while the cut-out is still being made", async () => {
      const release = g.engine.holdNext("cutout");
      const uploaded = await upload(g.t, g.ada, "rocket.jpg");
      const size = { width: 640, height: 427 };
      const res = await getMask(g.ada, uploaded.recordId);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: M.maskNotReady });
      const put = await putMask(g.ada, uploaded.recordId, await greyPng(leftHalf(size), size));
      expect(put.status).toBe(409);
      release();
      await pollRecord(g.t, g.ada, uploaded.recordId, hasCutout);
      expect((await getMask(g.ada, uploaded.recordId)).status).toBe(200);
    });
  });

  describe("on the offline engine", () => {
    const app = useLocalEngineApp(database);

    /** The box around the result's pixels that are not the white background. */
    async function subjectBox(png: Buffer) {
      const { data, info } = await sharp(png)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const box = { left: info.width, top: info.height, right: -1, bottom: -1 };
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          const i = (y * info.width + x) * 3;
          if (Math.min(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) >= 235) continue;
          box.left = Math.min(box.left, x);
          box.right = Math.max(box.right, x);
          box.top = Math.min(box.top, y);
          box.bottom = Math.max(box.bottom, y);
        }
      }
      return { width: box.right - box.left + 1, height: box.bottom - box.top + 1 };
    }

    it("composes the generation's product from the refined mask", async () => {
      const uploaded = await upload(app.t, app.ada, "rocket.jpg");
      await pollRecord(app.t, app.ada, uploaded.recordId, hasCutout);
      // The stand-in model keeps the photo's middle half, wider than tall; the refined mask
      // keeps only that box's left half, taller than wide.
      const size = { width: 640, height: 427 };
      const mask = Buffer.alloc(size.width * size.height);
      for (let y = Math.floor(size.height / 4); y < (size.height * 3) / 4; y++) {
        mask.fill(255, y * size.width + size.width / 4, y * size.width + size.width / 2);
      }
      const form = new FormData();
      form.set("mask", new Blob([new Uint8Array(await greyPng(mask, size))]), "mask.png");
      const put = await app.t.app.request(`/api/fal/uploads/${uploaded.recordId}/mask`, {
        method: "PUT",
        headers: { ...SAME_ORIGIN, ...asCookie(app.ada) },
        body: form,
      });
      expect(put.status).toBe(200);

      const prompt = "pure white background, marketplace";
      const body = { ...processBody(app.ada, uploaded, { prompt }), shadow: "none", seed: 5 };
      await accepted(await postFal(app.t, "process", body, app.ada));
      const record = await pollRecord(app.t, app.ada, uploaded.recordId, undefined, 30_000);
      expect(record.status).toBe("completed");
      const box = await subjectBox(await bytesOf(app.t, app.ada, record.processedImage?.url));
      expect(box.width / box.height).toBeCloseTo(160 / 213, 1);
    });
  });

  describe("with an engine that makes no cut-outs", () => {
    const g = useGenerationApps(database, inlineJobs);

    it("answers 409: the upload has no mask", async () => {
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const res = await g.t.app.request(`/api/fal/uploads/${uploaded.recordId}/mask`, {
        headers: asCookie(g.ada),
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: M.noCutout });
    });
  });
});
