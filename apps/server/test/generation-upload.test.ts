import { readdirSync } from "node:fs";
import { GENERATION_MESSAGES as M, storageQuotaMessage, ZImageRecord } from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { getFile, getRecord, photoBytes, postUpload, upload } from "./helpers/generations.ts";
import { asBearer, type SignedIn } from "./helpers/identity.ts";
import { adaAndBob, subscribeInSandbox } from "./helpers/payments.ts";
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

  describe("bounds each user's uploads", () => {
    const MINUTE = 60_000;
    let offset = 0;

    function restart(env: Record<string, string> = {}) {
      offset = 0;
      return t.container.close().then(() => {
        t = createTestApp(database.handle(), {
          engine: scriptedEngine().engine,
          clock: { now: () => Date.now() + offset },
          env,
        });
      });
    }

    /** Every file the app has stored, by path under its files folder. */
    function storedFiles(): string[] {
      try {
        return readdirSync(t.container.env.filesDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => `${entry.parentPath}/${entry.name}`)
          .sort();
      } catch {
        return [];
      }
    }

    const recordsOf = async (user: SignedIn) =>
      (await t.container.repositories.generations.records.viewRecordsOf(user.id, 100)).length;
    const storedBytesOf = (user: SignedIn) =>
      t.container.repositories.generations.records.storedBytesOf(user.id);

    it("answers the 31st upload in ten minutes with 429, per user, until the window ends", async () => {
      await restart();
      const tiny = await sharp({
        create: { width: 16, height: 16, channels: 3, background: "#6a8" },
      })
        .png()
        .toBuffer();
      for (let i = 0; i < 30; i += 1) {
        expect((await postUpload(t, ada, tiny)).status).toBe(200);
      }
      const refusedUpload = await postUpload(t, ada, tiny);
      expect(refusedUpload.status).toBe(429);
      expect(await refusedUpload.json()).toEqual({ error: M.tooManyUploads });
      const retryAfter = Number(refusedUpload.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await recordsOf(ada)).toBe(30);

      // Another user on the same address is not held back by Ada's uploads.
      expect((await postUpload(t, bob, tiny)).status).toBe(200);

      offset = 10 * MINUTE;
      expect((await postUpload(t, ada, tiny)).status).toBe(200);
    });

    it("takes its limit from UPLOAD_RATE_LIMIT", async () => {
      await restart({ UPLOAD_RATE_LIMIT: "2/60" });
      await upload(t, ada, "rocket.jpg");
      await upload(t, ada, "rocket.jpg");
      const third = await postUpload(t, ada, photoBytes("rocket.jpg"));
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      offset = MINUTE;
      await upload(t, ada, "rocket.jpg");
    });

    it("refuses with 413 an upload past the free plan's quota, and stores nothing", async () => {
      await restart({ FREE_STORAGE_QUOTA_MB: "1", STORAGE_QUOTA_MB: "2" });
      await upload(t, ada, "astronaut.png");
      const used = await storedBytesOf(ada);
      const files = storedFiles();
      expect(files.length).toBeGreaterThan(0);
      const coffee = photoBytes("coffee.png");
      expect(used + coffee.length).toBeGreaterThan(1_000_000);

      const res = await postUpload(t, ada, coffee);
      expect(res.status).toBe(413);
      const { error } = (await res.json()) as { error: string };
      expect(error).toBe(storageQuotaMessage(1_000_000));
      expect(error).toMatch(/1 MB/);
      expect(error).toMatch(/Contact page/);
      expect(await recordsOf(ada)).toBe(1);
      expect(await storedBytesOf(ada)).toBe(used);
      expect(storedFiles()).toEqual(files);

      // A photo that still fits is taken.
      expect(used + photoBytes("rocket.jpg").length).toBeLessThanOrEqual(1_000_000);
      await upload(t, ada, "rocket.jpg");
      expect(await recordsOf(ada)).toBe(2);
    });

    it("gives a subscriber the larger quota of the paid plans", async () => {
      await restart({ FREE_STORAGE_QUOTA_MB: "1", STORAGE_QUOTA_MB: "2" });
      await subscribeInSandbox(t, bob, "pro");
      await upload(t, bob, "astronaut.png");
      // Past the free quota, within the paid one.
      await upload(t, bob, "coffee.png");
      const used = await storedBytesOf(bob);
      expect(used).toBeGreaterThan(1_000_000);

      const astronaut = photoBytes("astronaut.png");
      expect(used + astronaut.length).toBeGreaterThan(2_000_000);
      const res = await postUpload(t, bob, astronaut);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: storageQuotaMessage(2_000_000) });
      expect(await recordsOf(bob)).toBe(2);
      expect(await storedBytesOf(bob)).toBe(used);
    });
  });
});
