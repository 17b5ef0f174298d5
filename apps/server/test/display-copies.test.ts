import { ZImageRecord } from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { displayCopyKeyFor } from "../src/services/generations/records/sized-copies.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, FAST_JOBS } from "./helpers/generation-jobs.ts";
import {
  getFile,
  pollRecord,
  postFal,
  postUpload,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { adaAndBob, subscribeInSandbox } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

/** The studio's display copies: a WebP of each shown image, sized for the screen. */
describeEachDatabase("display copies", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;

  beforeEach(async () => {
    t = createTestApp(database.handle(), { engine: scriptedEngine().engine, jobs: FAST_JOBS });
    t.container.jobs.start();
    ({ ada } = await adaAndBob(t));
    await subscribeInSandbox(t, ada, "pro");
  });
  afterEach(async () => {
    await t.container.close();
  });

  const storage = () => t.container.storage;

  async function storedFileOf(url: string) {
    const id = /\/api\/files\/([0-9a-f-]{36})\./.exec(url)?.[1] ?? "";
    const file = await t.container.repositories.generations.records.findFile(id);
    if (!file) throw new Error(`no stored file for ${url}`);
    return file;
  }

  /** Generates from an upload and answers the completed record. */
  async function generated(uploaded: { url: string; recordId: string }) {
    await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
    const record = await pollRecord(t, ada, uploaded.recordId);
    expect(record.status).toBe("completed");
    return record;
  }

  async function served(url: string) {
    const res = await getFile(t, url, ada);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { res, bytes, meta: await sharp(bytes).metadata() };
  }

  it("is ready when the generation completes: a WebP of the result's size, downloads stay PNG", async () => {
    const uploaded = await upload(t, ada, "coffee.png"); // 600×400
    const record = await generated(uploaded);
    const result = record.processedImage;
    const url = result?.url ?? "";
    expect(result).toMatchObject({ displayUrl: `${url}?size=display`, width: 600, height: 400 });
    expect(record.variations[0]).toMatchObject({ displayUrl: `${url}?size=display` });

    // Made with the result, before anyone asked for it.
    const file = await storedFileOf(url);
    const kept = await storage().get(displayCopyKeyFor(file.storageKey));
    expect(kept).not.toBeNull();

    const display = await served(result?.displayUrl ?? "");
    expect(display.res.headers.get("content-type")).toBe("image/webp");
    expect(display.meta).toMatchObject({ format: "webp", width: 600, height: 400 });
    expect(display.bytes).toEqual(kept);

    const full = await served(url);
    expect(full.res.headers.get("content-type")).toBe("image/png");
    expect(full.meta).toMatchObject({ format: "png", width: 600, height: 400 });
    expect(display.bytes.length).toBeLessThan(full.bytes.length);
  });

  it("keeps the photo's display copy from its upload", async () => {
    const uploaded = await upload(t, ada, "coffee.png");
    const file = await storedFileOf(uploaded.url);
    expect(await storage().get(displayCopyKeyFor(file.storageKey))).not.toBeNull();

    const record = ZImageRecord.parse(
      await (
        await t.app.request(`/api/fal/images/${uploaded.recordId}`, { headers: asCookie(ada) })
      ).json(),
    );
    expect(record.originalImage).toEqual({
      url: uploaded.url,
      displayUrl: `${uploaded.url}?size=display`,
      width: 600,
      height: 400,
    });
    expect((await served(`${uploaded.url}?size=display`)).meta).toMatchObject({
      format: "webp",
      width: 600,
      height: 400,
    });
  });

  it("fits a large result within 1600 px on its long side, keeping its aspect", async () => {
    const photo = await sharp({
      create: { width: 2000, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const res = await postUpload(t, ada, photo);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; savedBaseImage: { _id: string } };
    const record = await generated({ url: body.url, recordId: body.savedBaseImage._id });
    expect(record.processedImage).toMatchObject({ width: 2000, height: 1200 });

    const display = await served(record.processedImage?.displayUrl ?? "");
    expect(display.meta).toMatchObject({ format: "webp", width: 1600, height: 960 });
    expect((await served(record.processedImage?.url ?? "")).meta).toMatchObject({
      width: 2000,
      height: 1200,
    });
  });

  it("is made for an upscale too", async () => {
    const uploaded = await upload(t, ada, "coffee.png");
    const processed = await generated(uploaded);
    await accepted(await postUpscale(t, ada, uploaded.recordId, processed.processedImage?.url));
    const record = await pollRecord(
      t,
      ada,
      uploaded.recordId,
      (now) => now.upscaledImage !== null || now.status === "failed",
    );
    const upscaled = record.upscaledImage;
    expect(upscaled).toMatchObject({ width: 1200, height: 800 });
    const file = await storedFileOf(upscaled?.url ?? "");
    expect(await storage().get(displayCopyKeyFor(file.storageKey))).not.toBeNull();
    expect((await served(upscaled?.displayUrl ?? "")).meta).toMatchObject({
      format: "webp",
      width: 1200,
      height: 800,
    });
  });

  it("is made on first request for an image saved without one, and kept", async () => {
    const uploaded = await upload(t, ada, "astronaut.png"); // 512×512
    const record = await generated(uploaded);
    const file = await storedFileOf(record.processedImage?.url ?? "");
    const key = displayCopyKeyFor(file.storageKey);
    await storage().delete(key);

    const display = await served(record.processedImage?.displayUrl ?? "");
    expect(display.meta).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(await storage().get(key)).toEqual(display.bytes);
  });

  it("goes with its record when the record is deleted", async () => {
    const uploaded = await upload(t, ada, "coffee.png");
    const record = await generated(uploaded);
    const keys = await Promise.all(
      [uploaded.url, record.processedImage?.url ?? ""].map(async (url) =>
        displayCopyKeyFor((await storedFileOf(url)).storageKey),
      ),
    );
    for (const key of keys) expect(await storage().get(key)).not.toBeNull();

    const deleted = await t.app.request(`/api/images/${uploaded.recordId}`, {
      method: "DELETE",
      headers: { ...SAME_ORIGIN, ...asCookie(ada) },
    });
    expect(deleted.status).toBe(200);
    for (const key of keys) expect(await storage().get(key)).toBeNull();
  });
});
