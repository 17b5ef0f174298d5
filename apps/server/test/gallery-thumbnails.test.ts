import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GALLERY_MESSAGES, GENERATION_MESSAGES as M } from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { thumbnailKeyFor } from "../src/services/generations/records/sized-copies.ts";
import { createDiskStorage } from "../src/storage/disk.storage.ts";
import type { FileStorage } from "../src/storage/file-storage.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { getFile, postUpload, upload } from "./helpers/generations.ts";
import { asBearer, asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { adaAndBob } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

const thumbOf = (url: string, size = "thumb") => `${url}?size=${size}`;

describeEachDatabase("gallery thumbnails", (database) => {
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

  /** The stored file a URL of ours names. */
  async function storedFileOf(url: string) {
    const id = /\/api\/files\/([0-9a-f-]{36})\./.exec(url)?.[1] ?? "";
    const file = await t.container.repositories.generations.records.findFile(id);
    if (!file) throw new Error(`no stored file for ${url}`);
    return file;
  }

  async function thumbnail(url: string, user: SignedIn | null = ada) {
    const res = await getFile(t, thumbOf(url), user);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { res, bytes, meta: await sharp(bytes).metadata() };
  }

  /** Uploads a plain image of the given size, made on the spot. */
  async function uploadSized(width: number, height: number) {
    const bytes = await sharp({
      create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const res = await postUpload(t, ada, bytes);
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  }

  it("answers the owner a WebP at most 480 px on its long side, keeping the aspect", async () => {
    const { url } = await upload(t, ada, "rocket.jpg"); // 640×427
    const { res, bytes, meta } = await thumbnail(url);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(meta).toMatchObject({ format: "webp", width: 480, height: 320 });

    const full = await getFile(t, url, ada);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect(bytes.length).toBeLessThan(Number(full.headers.get("content-length")));
  });

  it("fits tall images by their height and never enlarges small ones", async () => {
    expect((await thumbnail(await uploadSized(300, 900))).meta).toMatchObject({
      width: 160,
      height: 480,
    });
    expect((await thumbnail(await uploadSized(320, 200))).meta).toMatchObject({
      format: "webp",
      width: 320,
      height: 200,
    });
  });

  it("answers an API client's bearer token too", async () => {
    const { url } = await upload(t, ada, "coffee.png");
    const { pathname, search } = new URL(thumbOf(url));
    const res = await t.app.request(pathname + search, { headers: asBearer(ada) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("keeps the thumbnail in storage and serves it from there afterwards", async () => {
    const { url } = await upload(t, ada, "coffee.png");
    const file = await storedFileOf(url);
    const key = thumbnailKeyFor(file.storageKey);
    expect(key).toBe(`thumbs/users/${ada.id}/${file.recordId}/${file.id}-480.webp`);
    expect(await t.container.storage.get(key)).toBeNull();

    const first = await thumbnail(url);
    expect(await t.container.storage.get(key)).toEqual(first.bytes);

    // With the original gone, only the stored thumbnail can answer.
    await t.container.storage.delete(file.storageKey);
    expect((await getFile(t, url, ada)).status).toBe(404);
    const second = await thumbnail(url);
    expect(second.bytes).toEqual(first.bytes);
  });

  it("builds one thumbnail when several requests arrive at once", async () => {
    const { url } = await upload(t, ada, "astronaut.png"); // 512×512
    const put = vi.spyOn(t.container.storage, "put");
    const answers = await Promise.all([1, 2, 3, 4].map(() => thumbnail(url)));
    expect(put.mock.calls.map(([key]) => key)).toEqual([
      thumbnailKeyFor((await storedFileOf(url)).storageKey),
    ]);
    for (const answer of answers) {
      expect(answer.meta).toMatchObject({ width: 480, height: 480 });
      expect(answer.bytes).toEqual(answers[0]?.bytes);
    }
  });

  it("refuses other users, visitors, unknown sizes and wrong names", async () => {
    const { url } = await upload(t, ada, "coffee.png");
    const file = await storedFileOf(url);

    const bobs = await getFile(t, thumbOf(url), bob);
    expect(bobs.status).toBe(404);
    expect(await bobs.json()).toEqual({ error: M.recordNotFound });
    expect((await getFile(t, thumbOf(url), null)).status).toBe(401);
    // Signed in first: a visitor learns nothing from the query either.
    expect((await getFile(t, thumbOf(url, "huge"), null)).status).toBe(401);

    for (const size of ["huge", "", "THUMB"]) {
      const res = await getFile(t, thumbOf(url, size), ada);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: GALLERY_MESSAGES.unknownImageSize });
    }

    const wrongExtension = url.replace(/\.png$/, ".jpg");
    expect((await getFile(t, thumbOf(wrongExtension), ada)).status).toBe(404);
    expect((await getFile(t, thumbOf(`${url}x`), ada)).status).toBe(404);
    // Nothing was built for the refused requests.
    expect(await t.container.storage.get(thumbnailKeyFor(file.storageKey))).toBeNull();
  });

  it("removes a thumbnail whose record was deleted while it was being built", async () => {
    // Storage that holds a thumbnail's write until the test lets it through.
    const disk = createDiskStorage(join(tmpdir(), `backdrop-files-${randomUUID()}`));
    let writing = () => {};
    const reached = new Promise<void>((resolve) => (writing = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const storage: FileStorage = {
      ...disk,
      async put(key, bytes) {
        if (key.startsWith("thumbs/")) {
          writing();
          await released;
        }
        return disk.put(key, bytes);
      },
    };
    await t.container.close();
    t = createTestApp(database.handle(), { engine: scriptedEngine().engine, storage });

    const { url, recordId } = await upload(t, ada, "rocket.jpg");
    const key = thumbnailKeyFor((await storedFileOf(url)).storageKey);
    const building = getFile(t, thumbOf(url), ada);
    await reached;
    const deleted = await t.app.request(`/api/images/${recordId}`, {
      method: "DELETE",
      headers: { ...SAME_ORIGIN, ...asCookie(ada) },
    });
    expect(deleted.status).toBe(200);
    release();

    // Written after the delete removed the record's files: removed again, and not served.
    expect((await building).status).toBe(404);
    expect(await disk.get(key)).toBeNull();
    const pending = t.container.repositories.generations.pendingDeletions;
    expect(await pending.keys()).toEqual([]);
  });
});
