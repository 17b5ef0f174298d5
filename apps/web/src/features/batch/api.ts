import { type DownloadFormat, GALLERY_MESSAGES } from "@backdrop/shared";
import { ApiError, fetchOk } from "../../lib/api-client.ts";

/** POST /api/images/archive: the chosen results of the user's records, as one ZIP in `format`. */
export async function fetchArchive(ids: readonly string[], format: DownloadFormat): Promise<Blob> {
  const response = await fetchOk(
    `/api/images/archive?format=${format}`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ids }),
    },
    GALLERY_MESSAGES.archiveFailed,
  );
  try {
    return await response.blob();
  } catch {
    // the stream broke off while the ZIP was being written
    throw new ApiError(GALLERY_MESSAGES.archiveFailed, response.status);
  }
}
