/** What the upload cases share: the spec's messages, what a user has stored, the upload calls. */
import { join } from "node:path";
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { countOf, query } from "../lib/db.ts";
import { filesUnder } from "../lib/files.ts";
import { request } from "../lib/http.ts";
import type { Instance } from "../lib/instance.ts";

export const M = {
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
export const MiB = 1024 * 1024;

/** The filename and declared type of a photo sent as `p.<extension>`. */
export const named = (extension: string, type: string) => ({ filename: `p.${extension}`, type });
export const AS_JPEG = named("jpg", "image/jpeg");
export const AS_WEBP = named("webp", "image/webp");
export const AS_GIF = named("gif", "image/gif");

/**
 * What a user has stored: database rows and files on disk (partials included). The cut-outs
 * that earlier uploads' free background jobs add meanwhile are left out: they are not what an
 * upload stored, and they come when their job runs.
 */
export async function stored(inst: Instance, userId: string) {
  const cutouts = await query(
    inst,
    "select storage_key from stored_files where user_id = ? and kind = 'cutout'",
    [userId],
  );
  const cutoutFiles = new Set(
    cutouts.map((row) => join(inst.dataDir, "files", String(row.storage_key))),
  );
  const files = filesUnder(join(inst.dataDir, "files", "users", userId));
  return {
    rows: await countOf(inst, "stored_files", userId, "kind <> 'cutout'"),
    records: await countOf(inst, "image_records", userId),
    files: files.filter(
      (path) => !cutoutFiles.has(path) && !cutoutFiles.has(path.replace(/\.partial$/, "")),
    ).length,
  };
}

export function upload(
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

/** Sends a hand-made multipart body (or any body) as an upload, from `localAddress` if given. */
export function rawUpload(
  inst: Instance,
  user: User,
  body: Buffer | string,
  contentType?: string,
  localAddress?: string,
) {
  return request(inst.url, "/api/fal/upload", {
    method: "POST",
    headers: {
      ...A.sameOrigin(inst),
      ...A.asCookie(user),
      ...(contentType ? { "content-type": contentType } : {}),
    },
    body,
    ...(localAddress ? { localAddress } : {}),
  });
}
