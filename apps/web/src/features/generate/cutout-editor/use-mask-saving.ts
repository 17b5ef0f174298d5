import { useState } from "react";
import type { Mask } from "./mask/mask-brush.ts";
import { encodeMask } from "./mask/mask-image.ts";
import { saveMask } from "./mask-api.ts";
import { downloadMask } from "./mask-download.ts";

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : "Something went wrong.";

/**
 * Saving the refined mask, or one made in another tool, to the upload (free), and
 * downloading the current one; the server's refusal is shown as it says it.
 */
export function useMaskSaving(recordId: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (failure) {
      setError(messageOf(failure));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    error,
    /** The painted mask, as a greyscale PNG: answers the upload's new cut-out. */
    saveEdited: (mask: Mask) =>
      run(async () => (await saveMask(recordId, await encodeMask(mask))).url),
    /** A mask file, sent as it is: the server checks its format and size. */
    saveFile: (file: File) => run(async () => (await saveMask(recordId, file)).url),
    download: (photoName: string) => run(() => downloadMask(recordId, photoName)),
  };
}
