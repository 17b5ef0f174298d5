import type { TImageRecord } from "@backdrop/shared";
import { fetchRecord, type UploadedPhoto } from "../api.ts";

/** A photo to pick again, with its upload when the server has it. */
export type KeptPhoto = {
  file: File;
  upload: UploadedPhoto | null;
  /** A generation took the upload already: the next Generate sends the photo again. */
  used: boolean;
};

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * The record's uploaded photo, read back from the server to be picked again (downloaded, not
 * sent: nothing is uploaded or charged). Null when the photo cannot be read.
 */
export async function photoOfRecord(
  record: TImageRecord,
  name?: string,
): Promise<KeptPhoto | null> {
  const url = record.originalImage.url;
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) return null;
    const bytes = await response.arrayBuffer();
    const type = response.headers.get("Content-Type")?.split(";")[0] || "image/png";
    const fileName = name ?? record.sourceName ?? `photo.${EXTENSIONS[type] ?? "png"}`;
    const file = new File([bytes], fileName, { type });
    return { file, upload: { recordId: record._id, url }, used: record.status !== "uploaded" };
  } catch {
    return null;
  }
}

/** The photo of the upload `recordId`; null when it is gone (expired, deleted) or unreadable. */
export async function photoOfUpload(recordId: string, name: string): Promise<KeptPhoto | null> {
  const record = await fetchRecord(recordId).catch(() => null);
  return record ? photoOfRecord(record, name) : null;
}
