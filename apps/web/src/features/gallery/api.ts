import {
  GALLERY_MESSAGES,
  type TImageRecord,
  ZDeleteImageResponse,
  ZImageRecord,
} from "@backdrop/shared";
import { ApiError, deleteJson, getJson } from "../../lib/api-client.ts";
import { ACCOUNT_QUERY_KEY } from "../auth/index.ts";

const ZImageRecords = ZImageRecord.array();

/** Under the account's key, so signing out forgets it with the rest of the account. */
export function galleryQueryKey(uid: string | null) {
  return [...ACCOUNT_QUERY_KEY, "images", uid] as const;
}

/** GET /api/images/{uid} (SPEC point 7): the user's image records, newest first. */
export async function fetchImageRecords(uid: string): Promise<TImageRecord[]> {
  const body = await getJson(
    `/api/images/${encodeURIComponent(uid)}`,
    GALLERY_MESSAGES.fetchFailed,
  );
  const parsed = ZImageRecords.safeParse(body);
  if (!parsed.success) throw new ApiError(GALLERY_MESSAGES.fetchFailed, 200);
  return parsed.data;
}

/** DELETE /api/images/{recordId}: the record with all its images (refused while a job runs). */
export async function deleteImageRecord(recordId: string): Promise<void> {
  const body = await deleteJson(
    `/api/images/${encodeURIComponent(recordId)}`,
    GALLERY_MESSAGES.deleteFailed,
  );
  if (!ZDeleteImageResponse.safeParse(body).success) {
    throw new ApiError(GALLERY_MESSAGES.deleteFailed, 200);
  }
}
