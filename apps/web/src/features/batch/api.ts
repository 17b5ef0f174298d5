import { type DownloadFormat, GALLERY_MESSAGES } from "@backdrop/shared";
import { ApiError, errorMessageOf } from "../../lib/api-client.ts";

/** POST /api/images/archive: the chosen results of the user's records, as one ZIP in `format`. */
export async function fetchArchive(ids: readonly string[], format: DownloadFormat): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/images/archive?format=${format}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ids }),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(GALLERY_MESSAGES.archiveFailed, 0);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(errorMessageOf(body, GALLERY_MESSAGES.archiveFailed), response.status);
  }
  try {
    return await response.blob();
  } catch {
    // the stream broke off while the ZIP was being written
    throw new ApiError(GALLERY_MESSAGES.archiveFailed, response.status);
  }
}
