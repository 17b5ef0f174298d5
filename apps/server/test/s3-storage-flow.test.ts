import { existsSync } from "node:fs";
import { ZDeleteImageResponse, ZEditResponse } from "@backdrop/shared";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { createFileUrls } from "../src/services/generations/records/file-urls.ts";
import { keptKeysFor } from "../src/services/generations/records/kept-scenes.ts";
import {
  displayCopyKeyFor,
  thumbnailKeyFor,
} from "../src/services/generations/records/sized-copies.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted } from "./helpers/generation-jobs.ts";
import {
  getFile,
  pollRecord,
  postEdit,
  postFal,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { adaAndBob, subscribeInSandbox } from "./helpers/payments.ts";
import { useS3Server } from "./helpers/s3-server.ts";
import { middleCutout } from "./helpers/stand-in-cutout.ts";
import { APP_URL, createTestApp, type TestApp } from "./helpers/test-app.ts";

const JOBS = { timeLimitMs: 20_000, leaseMs: 5_000, sweepIntervalMs: 200 };

/**
 * Issue 16 point 1: with S3_* set, every image the product keeps lives in the bucket, and every
 * flow works from there, on the local engine (cut-outs at upload, kept scenes, edits from them).
 */
describeEachDatabase("images kept in an S3 bucket", (database) => {
  const s3 = useS3Server();
  let bucket: string;
  let t: TestApp;
  let ada: SignedIn;
  let bob: SignedIn;

  beforeEach(async () => {
    bucket = await s3().createBucket();
    // Through the variables alone, so the container's own choice of storage is what runs.
    t = createTestApp(database.handle(), {
      env: s3().env(bucket),
      engine: createLocalEngine({ cutout: middleCutout }),
      jobs: JOBS,
    });
    t.container.jobs.start();
    ({ ada, bob } = await adaAndBob(t));
  });
  afterEach(async () => {
    await t.container.close();
  });

  const keysOfRecord = async (recordId: string) =>
    (await s3().keys(bucket)).filter((key) => key.includes(`/${recordId}/`));

  async function storedFileOf(url: string) {
    const id = createFileUrls(APP_URL).fileIdOf(url);
    const file = id ? await t.container.repositories.generations.records.findFile(id) : undefined;
    if (!file) throw new Error(`No stored file for ${url}`);
    return file;
  }

  async function served(url: string, user: SignedIn = ada) {
    const res = await getFile(t, url, user);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it("cuts out, generates, thumbnails, edits, archives and deletes with every byte in the bucket", async () => {
    await subscribeInSandbox(t, ada, "pro");
    const other = await upload(t, ada, "rocket.jpg");
    const uploaded = await upload(t, ada, "coffee.png");
    const original = await storedFileOf(uploaded.url);
    expect(await s3().keys(bucket)).toContain(original.storageKey);

    // The cut-out made at upload, and its matte, in the bucket; served to its owner only.
    const { cutoutImage } = await pollRecord(t, ada, uploaded.recordId, (r) => !!r.cutoutImage);
    const cutoutUrl = cutoutImage?.url ?? "";
    const cutoutFile = await storedFileOf(cutoutUrl);
    expect(await s3().keys(bucket)).toEqual(
      expect.arrayContaining([cutoutFile.storageKey, keptKeysFor(cutoutFile).matte]),
    );
    expect(await sharp(await served(cutoutUrl)).metadata()).toMatchObject({
      format: "png",
      width: 600,
      height: 400,
      channels: 4,
    });
    expect((await getFile(t, cutoutUrl, bob)).status).toBe(404);

    // A generation, its result and its kept scene written to the bucket.
    const body = processBody(ada, uploaded, { prompt: "on a wooden table" });
    await accepted(await postFal(t, "process", body, ada));
    const processed = await pollRecord(t, ada, uploaded.recordId);
    expect(processed).toMatchObject({ status: "completed", error: null });
    const processedUrl = processed.processedImage?.url ?? "";
    const result = await served(processedUrl);
    expect(await sharp(result).metadata()).toMatchObject({ width: 600, height: 400 });
    const resultFile = await storedFileOf(processedUrl);
    const kept = keptKeysFor(resultFile);
    expect(await s3().keys(bucket)).toEqual(
      expect.arrayContaining([
        resultFile.storageKey,
        kept.state,
        kept.cutout,
        displayCopyKeyFor(resultFile.storageKey),
      ]),
    );

    // The thumbnail is built from the bucket's bytes and kept there.
    const thumbRes = await getFile(t, `${processedUrl}?size=thumb`, ada);
    expect(thumbRes.status).toBe(200);
    expect(thumbRes.headers.get("content-type")).toBe("image/webp");
    const thumb = Buffer.from(await thumbRes.arrayBuffer());
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 480, height: 320 });
    expect(await t.container.storage.get(thumbnailKeyFor(resultFile.storageKey))).toEqual(thumb);

    // A scene edit can only be re-rendered from the kept scene, read back from the bucket.
    const edit = await postEdit(t, ada, uploaded.recordId, processedUrl, "make it sunset");
    expect(edit.status).toBe(200);
    const editUrl = ZEditResponse.parse(await edit.json()).image.url;
    const edited = await served(editUrl);
    expect(await sharp(edited).metadata()).toMatchObject({ width: 600, height: 400 });
    expect(edited.equals(result)).toBe(false);
    const editKept = JSON.parse(
      (await t.container.storage.get(keptKeysFor(await storedFileOf(editUrl)).state))?.toString() ??
        "null",
    );
    expect(editKept).toMatchObject({ revisions: ["make it sunset"] });

    // "Download all": the ZIP carries the bytes the bucket holds.
    const archive = await t.app.request("/api/images/archive", {
      method: "POST",
      headers: { ...SAME_ORIGIN, "content-type": "application/json", ...asCookie(ada) },
      body: JSON.stringify({ ids: [uploaded.recordId] }),
    });
    expect(archive.status).toBe(200);
    const zipped = Object.values(unzipSync(new Uint8Array(await archive.arrayBuffer())));
    expect(zipped).toHaveLength(1);
    expect(Buffer.from(zipped[0] ?? new Uint8Array()).equals(result)).toBe(true);

    // Deleting the record empties its part of the bucket, and only its part.
    const files = await t.container.repositories.generations.records.filesOfRecord(
      uploaded.recordId,
    );
    expect(await keysOfRecord(uploaded.recordId)).toEqual(
      expect.arrayContaining(files.map((file) => file.storageKey)),
    );
    const otherKeys = await keysOfRecord(other.recordId);
    expect(otherKeys.length).toBeGreaterThan(0);
    const deleted = await t.app.request(`/api/images/${uploaded.recordId}`, {
      method: "DELETE",
      headers: { ...SAME_ORIGIN, ...asCookie(ada) },
    });
    expect(deleted.status).toBe(200);
    expect(ZDeleteImageResponse.parse(await deleted.json())).toEqual({ ok: true });
    expect(await keysOfRecord(uploaded.recordId)).toEqual([]);
    expect(await keysOfRecord(other.recordId)).toEqual(otherKeys);
    expect((await getFile(t, processedUrl, ada)).status).toBe(404);

    // Nothing was ever written to the disk folder the app would otherwise use.
    expect(existsSync(t.container.env.filesDir)).toBe(false);
  }, 120_000);

  it("removes a deleted record's objects once the bucket answers again, however long it was away", async () => {
    // A clock the test moves on, and no sweep but the one at start: the test sweeps itself.
    let skew = 0;
    await t.container.close();
    t = createTestApp(database.handle(), {
      env: s3().env(bucket),
      engine: createLocalEngine({ cutout: middleCutout }),
      jobs: { ...JOBS, sweepIntervalMs: 3_600_000 },
      clock: { now: () => Date.now() + skew },
    });
    t.container.jobs.start();
    const uploaded = await upload(t, ada, "coffee.png");
    await pollRecord(t, ada, uploaded.recordId, (r) => !!r.cutoutImage);
    expect((await getFile(t, `${uploaded.url}?size=thumb`, ada)).status).toBe(200);
    // The upload, its display copy, its thumbnail, its cut-out and the cut-out's matte.
    const stored = await keysOfRecord(uploaded.recordId);
    expect(stored).toHaveLength(5);
    const pending = t.container.repositories.generations.pendingDeletions;

    await s3().stop();
    try {
      const deleted = await t.app.request(`/api/images/${uploaded.recordId}`, {
        method: "DELETE",
        headers: { ...SAME_ORIGIN, ...asCookie(ada) },
      });
      expect(deleted.status).toBe(200);
      expect((await getFile(t, uploaded.url, ada)).status).toBe(404);
      // Tried again while the bucket is still away: nothing goes, nothing is forgotten.
      skew += 2 * 60_000;
      expect(await t.container.jobs.storedKeys.sweep()).toBe(0);
      expect(await pending.keys()).toEqual(expect.arrayContaining(stored));
    } finally {
      await s3().restart();
    }
    expect(await keysOfRecord(uploaded.recordId)).toEqual(stored);

    // Past the next retry's wait, the sweep removes every object and strikes each off the list.
    skew += 10 * 60_000;
    const listed = (await pending.keys()).length;
    expect(await t.container.jobs.storedKeys.sweep()).toBe(listed);
    expect(await keysOfRecord(uploaded.recordId)).toEqual([]);
    expect(await pending.keys()).toEqual([]);
  }, 120_000);

  it("reports the bucket, not the disk, in the health check", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      checks: { database: { status: "ok" }, storage: { status: "ok" } },
    });
  });

  it("answers 503 when the bucket is not there", async () => {
    const missing = createTestApp(database.handle(), { env: s3().env("backdrop-no-such-bucket") });
    try {
      const res = await missing.app.request("/api/health");
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: string; checks: object };
      expect(body.error).toBe(
        "Storage unavailable: bucket backdrop-no-such-bucket: no such bucket",
      );
      expect(body.checks).toEqual({
        database: { status: "ok" },
        storage: { status: "error", error: "bucket backdrop-no-such-bucket: no such bucket" },
      });
    } finally {
      await missing.container.close();
    }
  });
});
