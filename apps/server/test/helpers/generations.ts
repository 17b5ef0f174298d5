import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type TImageRecord, ZImageRecord, ZUploadResponse } from "@backdrop/shared";
import { expect } from "vitest";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./identity.ts";
import { type createTestApp, postJson } from "./test-app.ts";

type TestApp = ReturnType<typeof createTestApp>;

export const PHOTOS = join(import.meta.dirname, "..", "fixtures", "photos");

export function photoBytes(name: "coffee.png" | "astronaut.png" | "rocket.jpg"): Buffer {
  return readFileSync(join(PHOTOS, name));
}

/** POST /api/fal/upload as the web app sends it: multipart with `image` and `userUid`. */
export function postUpload(
  t: TestApp,
  user: SignedIn | null,
  bytes: Buffer | null,
  fields: { userUid?: string; fileName?: string; type?: string } = {},
) {
  const form = new FormData();
  if (bytes) {
    form.set(
      "image",
      new Blob([new Uint8Array(bytes)], { type: fields.type ?? "image/png" }),
      fields.fileName ?? "photo.png",
    );
  }
  form.set("userUid", fields.userUid ?? user?.id ?? "");
  return t.app.request("/api/fal/upload", {
    method: "POST",
    headers: { ...SAME_ORIGIN, ...(user ? asCookie(user) : {}) },
    body: form,
  });
}

/** Uploads a fixture photo and returns its URL and record id. */
export async function upload(
  t: TestApp,
  user: SignedIn,
  name: "coffee.png" | "astronaut.png" | "rocket.jpg" = "coffee.png",
) {
  const res = await postUpload(t, user, photoBytes(name), { fileName: name });
  expect(res.status).toBe(200);
  const body = ZUploadResponse.parse(await res.json());
  return { url: body.url, recordId: body.savedBaseImage._id };
}

export function postFal(t: TestApp, path: string, body: unknown, user: SignedIn | null) {
  return postJson(t.app, `/api/fal/${path}`, body, {
    ...SAME_ORIGIN,
    ...(user ? asCookie(user) : {}),
  });
}

export async function getRecord(t: TestApp, user: SignedIn, recordId: string, query = "") {
  const res = await t.app.request(`/api/fal/images/${recordId}${query}`, {
    headers: asCookie(user),
  });
  expect(res.status).toBe(200);
  return ZImageRecord.parse(await res.json());
}

/**
 * Polls the record as the web app does (faster), until `done` holds or the time is up. The time
 * is a net for a job that never ends, not a speed limit: on a busy machine the cut-out model
 * alone can take many seconds.
 */
export async function pollRecord(
  t: TestApp,
  user: SignedIn,
  recordId: string,
  done: (record: TImageRecord) => boolean = (record) =>
    record.status === "completed" || record.status === "failed",
  timeoutMs = 120_000,
): Promise<TImageRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await getRecord(t, user, recordId);
    if (done(record)) return record;
    if (Date.now() > deadline) {
      throw new Error(`Record ${recordId} still ${record.status} (${record.stage})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GETs a stored file's URL (its query kept) as `user` (or a visitor). */
export function getFile(t: TestApp, url: string, user: SignedIn | null) {
  const { pathname, search } = new URL(url);
  return t.app.request(pathname + search, { headers: user ? asCookie(user) : {} });
}

/** The bytes of a stored file the user may read (the URL answers 200). */
export async function bytesOf(
  t: TestApp,
  user: SignedIn,
  url: string | undefined,
): Promise<Buffer> {
  const res = await getFile(t, url ?? "", user);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The process request the web app sends, for the record `upload` made. */
export function processBody(
  user: SignedIn,
  uploaded: { url: string; recordId: string },
  extra: Record<string, unknown> = {},
) {
  return {
    prompt: "on a marble counter, morning light",
    imageUrl: uploaded.url,
    options: {
      background_threshold: 0.67,
      num_inference_steps: 28,
      guidance_scale: 7,
      lowres_denoise: 0.98,
      enable_hr_fix: true,
    },
    savedRecordId: uploaded.recordId,
    userUid: user.id,
    ...extra,
  };
}

/** POST /api/fal/upscale of `imageUrl`, a file of the record, with the default options. */
export function postUpscale(
  t: TestApp,
  user: SignedIn,
  recordId: string,
  imageUrl: string | undefined,
) {
  return postFal(
    t,
    "upscale",
    { imageUrl, options: {}, savedRecordId: recordId, userUid: user.id },
    user,
  );
}

/** POST /api/fal/edit-gemini of `imageUrl`, a file of the record. */
export function postEdit(
  t: TestApp,
  user: SignedIn,
  recordId: string,
  imageUrl: string | undefined,
  prompt: string,
) {
  return postFal(
    t,
    "edit-gemini",
    { imageUrl, prompt, imageRecordId: recordId, userUid: user.id },
    user,
  );
}
