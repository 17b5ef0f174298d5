import { GALLERY_MESSAGES } from "@backdrop/shared";
import { useCallback, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { saveBlob } from "../../../lib/download-image.ts";
import { fetchArchive } from "../api.ts";

export const ARCHIVE_FILE_NAME = "backdrop-images.zip";

/** Download all: the finished results as one ZIP, with its wait and its failure. */
export function useDownloadAll() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = useCallback(async (recordIds: readonly string[]) => {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await fetchArchive(recordIds), ARCHIVE_FILE_NAME);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GALLERY_MESSAGES.archiveFailed);
    } finally {
      setBusy(false);
    }
  }, []);

  const reset = useCallback(() => setError(null), []);

  return { busy, error, download, reset };
}
