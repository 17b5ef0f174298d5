import { GENERATION_MESSAGES as M, ZImageRecord } from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { getFile, getRecord, photoBytes, postUpload, upload } from "./helpers/generations.ts";
import { asBearer, type SignedIn } from "./helpers/identity.ts";
import { adaAndBob } from "./helpers/payments.ts";
import { pngDeclaring } from "./helpers/png-declaring.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

describeEachDatabase("image upload", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;
  let bob: SignedIn;

  beforeEach(async () => {
    t = createTestApp(database.handle(), { engine: scriptedEngine().engine });
    ({ ada, bob } = await adaAndBob(t));
  });
  afterEach(async () => {
    await t.container.close();
  });

  async function refused(res: Response, status: number, error: string) {
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
    const records = await t.container.repositories.generations.records.viewRecordsOf(ada.id, 10);
    expect(records).toEqual([]);
  }

  it("stores the photo and answers its URL and a new image record", async () => {
    const uploaded = await upload(t, ada, "rocket.jpg");
    const record = await getRecord(t, ada, uploaded.recordId);
    expect(record).toMatchObject({
      _id: uploaded.recordId,
      originalImage: { url: uploaded.url },
      processedImage: null,
      upscaledImage: null,
      aiGeneratedImages: [],
      status: "uploaded",
      error: null,
      width: 640,
      height: 427,
    });
    const file = await getFile(t, uploaded.url, ada);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("cache-control")).toMatch(/private/);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 640, height: 427 });
    expect(meta.exif).toBeUndefined();
  });

  it("answers an API client with a bearer token too", async () => {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(photoBytes("coffee.png"))]), "coffee.png");
    form.set("userUid", ada.id);
    const res = await t.app.request("/api/fal/upload", {
      method: "POST",
      headers: asBearer(ada),
      body: form,
    });
    expect(res.status).toBe(200);
    const { savedBaseImage } = (await res.json()) as { savedBaseImage: { _id: string } };
    const read = await t.app.request(`/api/fal/images/${savedBaseImage._id}`, {
      headers: asBearer(ada),
    });
    expect(ZImageRecord.parse(await read.json()).width).toBe(600);
  });

  it("refuses visitors and uploads in another user's name", async () => {
    await refused(await postUpload(t, null, photoBytes("coffee.png")), 401, "Unauthorized");
    await refused(
      await postUpload(t, ada, photoBytes("coffee.png"), { userUid: bob.id }),
      403,
      "Forbidden",
    );
    await refused(
      await postUpload(t, ada, photoBytes("coffee.png"), { userUid: "" }),
      400,
      "uid is required",
    );
  });

  describe("judges the bytes, whatever the name or declared type", () => {
    it("refuses what is not an image", async () => {
      const text = Buffer.from("just some words, not a picture");
      await refused(
        await postUpload(t, ada, text, { fileName: "photo.png", type: "image/png" }),
        415,
        M.notAnImage,
      );
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      await refused(await postUpload(t, ada, svg, { type: "image/svg+xml" }), 415, M.notAnImage);
    });

    it("takes a PNG sent under a misleading name", async () => {
      const res = await postUpload(t, ada, photoBytes("coffee.png"), {
        fileName: "notes.txt",
        type: "text/plain",
      });
      expect(res.status).toBe(200);
    });

    it("refuses an empty or missing file", async () => {
      await refused(await postUpload(t, ada, Buffer.alloc(0)), 400, M.imageRequired);
      await refused(await postUpload(t, ada, null), 400, M.imageRequired);
    });

    it("refuses 10 MB or more, before reading it", async () => {
      const heavy = Buffer.concat([photoBytes("coffee.png"), Buffer.alloc(10 * 1024 * 1024)]);
      await refused(await postUpload(t, ada, heavy), 413, M.imageTooHeavy);
    });

    it("refuses more than 2048 pixels a side, and bombs, from the header", async () => {
      const wide = await sharp({
        create: { width: 2049, height: 16, channels: 3, background: "#888" },
      })
        .png()
        .toBuffer();
      await refused(await postUpload(t, ada, wide), 400, M.imageTooLarge);
      // A few hundred bytes that promise 20000×20000 pixels: refused before any decoding.
      const bomb = pngDeclaring(20_000, 20_000);
      expect(bomb.length).toBeLessThan(200);
      await refused(await postUpload(t, ada, bomb), 400, M.imageTooLarge);
    });
  });
});
