import { GALLERY_MESSAGES } from "@backdrop/shared";
import { useCallback, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { readDownloadFormat } from "../../../lib/download-format.ts";
import { fetchArchive } from "../api.ts";

export const ARCHIVE_FILE_NAME = "backdrop-images.zip";

/**
 * Download all: the finished results as one ZIP in the seller's download format, each named
 * after its photo and the scene by the server, with its wait and its failure.
 */
export function useDownloadAll() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = useCallback(async (recordIds: readonly string[]) => {
    setBusy(true);
    setError(null);
    try {
      const archive = await fetchArchive(recordIds, readDownloadFormat());
      // The saver loads with the first download, out of the first page load.
      const { saveBlob } = await import("../../../lib/download-image.ts");
      saveBlob(archive, ARCHIVE_FILE_NAME);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GALLERY_MESSAGES.archiveFailed);
    } finally {
      setBusy(false);
    }
  }, []);

  const reset = useCallback(() => setError(null), []);

  return { busy, error, download, reset };
}
