import { GALLERY_MESSAGES, type TImageRecord, ZImageRecord } from "@backdrop/shared";
import { ApiError, getJson } from "../../lib/api-client.ts";
import { ACCOUNT_QUERY_KEY } from "../auth/session-queries.ts";

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
