import { type TImageRecord, ZEditResponse } from "@backdrop/shared";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { expect, it } from "vitest";
import { digitalSourceOf, digitalSourceUri } from "../src/engines/digital-source.ts";
import { readContentCredentials } from "../src/services/generations/records/content-credentials.test-helper.ts";
import { CLAIM_GENERATOR } from "../src/services/generations/records/content-credentials.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { useFalApp } from "./helpers/fal-app.ts";
import {
  bytesOf,
  pollRecord,
  postEdit,
  postFal,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { useLocalEngineApp } from "./helpers/local-app.ts";
import type { TestApp } from "./helpers/test-app.ts";

const OFFLINE = digitalSourceUri("compositeSynthetic");
const BY_MODEL = digitalSourceUri("compositeWithTrainedAlgorithmicMedia");

/** The Digital Source Type the bytes' XMP states, read back by libvips as any reader would. */
async function sourceOf(bytes: Uint8Array): Promise<string | undefined> {
  return digitalSourceOf((await sharp(bytes).metadata()).xmp);
}

/**
 * Checks the bytes' Content Credentials, read back and validated by c2pa-ts: made by Backdrop as
 * `source`, every byte as signed (the local signer's untrusted root is the one complaint allowed).
 */
async function expectCredentials(bytes: Uint8Array, source: string) {
  expect(await readContentCredentials(bytes)).toEqual({
    generator: CLAIM_GENERATOR,
    actions: [{ action: "c2pa.created", digitalSourceType: source }],
    failures: [],
    bindingIntact: true,
  });
}

/** Both marks a PNG or JPEG made by software carries; a WebP carries the XMP only. */
async function expectMarked(bytes: Uint8Array, source: string) {
  expect(await sourceOf(bytes)).toBe(source);
  const { format } = await sharp(bytes).metadata();
  if (format === "webp") expect(await readContentCredentials(bytes)).toBeUndefined();
  else await expectCredentials(bytes, source);
}

async function generated(t: TestApp, user: SignedIn, prompt: string, extra = {}) {
  const uploaded = await upload(t, user, "coffee.png");
  const body = processBody(user, uploaded, { prompt, ...extra });
  expect((await postFal(t, "process", body, user)).status).toBe(200);
  const record = await pollRecord(t, user, uploaded.recordId, undefined, 60_000);
  expect(record.status).toBe("completed");
  return record;
}

async function upscaled(t: TestApp, user: SignedIn, record: TImageRecord) {
  const res = await postUpscale(t, user, record._id, record.processedImage?.url);
  expect(res.status).toBe(200);
  const done = await pollRecord(t, user, record._id, (r) => r.upscaledImage !== null, 60_000);
  return done.upscaledImage?.url ?? "";
}

async function edited(t: TestApp, user: SignedIn, record: TImageRecord, prompt: string) {
  const res = await postEdit(t, user, record._id, record.processedImage?.url, prompt);
  expect(res.status).toBe(200);
  return ZEditResponse.parse(await res.json()).image.url;
}

/**
 * Issue 29 point 7: every generated, edited and upscaled file says in its XMP that software made
 * it (IPTC's Digital Source Type), in every format the product writes, downloads and ZIP entries
 * included; its PNGs and JPEGs say it again in signed Content Credentials (C2PA) that validate.
 */
describeEachDatabase("files that say they were made by software", (database) => {
  const app = useLocalEngineApp(database);

  it("marks the offline engine's takes, upscale and edit, in every format and size", async () => {
    const record = await generated(app.t, app.ada, "on a marble counter, morning light", {
      variations: 2,
    });
    const takes = record.variations.map((take) => take.url);
    expect(takes).toHaveLength(2);
    const upscale = await upscaled(app.t, app.ada, record);
    const edit = await edited(app.t, app.ada, record, "make it warmer");

    for (const url of [...takes, upscale, edit]) {
      const stored = await bytesOf(app.t, app.ada, url);
      expect((await sharp(stored).metadata()).format).toBe("png");
      await expectMarked(stored, OFFLINE);
      for (const format of ["png", "jpeg", "webp"]) {
        const converted = await bytesOf(app.t, app.ada, `${url}?format=${format}`);
        expect((await sharp(converted).metadata()).format).toBe(format);
        await expectMarked(converted, OFFLINE);
      }
      await expectMarked(await bytesOf(app.t, app.ada, `${url}?size=display`), OFFLINE);
    }

    // The seller's own photo and its cut-out are not made by software: they say nothing.
    const original = await bytesOf(app.t, app.ada, record.originalImage?.url ?? "");
    expect(await sourceOf(original)).toBeUndefined();
    expect(await readContentCredentials(original)).toBeUndefined();
    const withCutout = await pollRecord(app.t, app.ada, record._id, (r) => r.cutoutImage !== null);
    const cutout = await bytesOf(app.t, app.ada, withCutout.cutoutImage?.url ?? "");
    expect(await sourceOf(cutout)).toBeUndefined();
    const cutoutJpeg = await bytesOf(app.t, app.ada, `${withCutout.cutoutImage?.url}?format=jpeg`);
    expect(await readContentCredentials(cutoutJpeg)).toBeUndefined();

    for (const format of [undefined, "jpeg", "webp"]) {
      const res = await app.t.app.request(
        `/api/images/archive${format ? `?format=${format}` : ""}`,
        {
          method: "POST",
          headers: { ...SAME_ORIGIN, "Content-Type": "application/json", ...asCookie(app.ada) },
          body: JSON.stringify({ ids: [record._id] }),
        },
      );
      expect(res.status).toBe(200);
      const entries = Object.values(unzipSync(new Uint8Array(await res.arrayBuffer())));
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) await expectMarked(entry, OFFLINE);
    }
  });
});

describeEachDatabase("fal's files that say a model made part of them", (database) => {
  const app = useFalApp(database, "elite");

  it("marks a model's picture, its upscale and its edit; a white backdrop made without one stays synthetic", async () => {
    const record = await generated(app.t, app.ada, "on a marble counter, morning light");
    const picture = await bytesOf(app.t, app.ada, record.processedImage?.url ?? "");
    await expectMarked(picture, BY_MODEL);
    const upscale = await upscaled(app.t, app.ada, record);
    await expectMarked(await bytesOf(app.t, app.ada, upscale), BY_MODEL);
    const edit = await edited(app.t, app.ada, record, "make the background blue");
    await expectMarked(await bytesOf(app.t, app.ada, edit), BY_MODEL);
    const jpeg = await bytesOf(app.t, app.ada, `${edit}?format=jpeg`);
    expect((await sharp(jpeg).metadata()).format).toBe("jpeg");
    await expectMarked(jpeg, BY_MODEL);

    const white = await generated(app.t, app.ada, "on a pure white background");
    const whiteBytes = await bytesOf(app.t, app.ada, white.processedImage?.url ?? "");
    await expectMarked(whiteBytes, OFFLINE);
  });
});
