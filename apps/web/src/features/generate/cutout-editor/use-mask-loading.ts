import { useCallback, useEffect, useState } from "react";
import type { Mask } from "./mask/mask-brush.ts";
import { decodeMask, loadImage } from "./mask/mask-image.ts";
import { fetchMask } from "./mask-api.ts";

type Loaded = { photo: HTMLImageElement; mask: Mask };

export type MaskLoading =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | ({ status: "ready" } & Loaded);

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** The photo and its current mask (GET), loaded when the editor opens; `reload` reads it again. */
export function useMaskLoading(recordId: string, photoUrl: string) {
  const [loading, setLoading] = useState<MaskLoading>({ status: "loading" });
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading({ status: "loading" });
    void reads;
    Promise.all([loadImage(photoUrl), fetchMask(recordId).then(decodeMask)]).then(
      ([photo, mask]) => {
        if (current) setLoading({ status: "ready", photo, mask });
      },
      (error: unknown) => {
        if (current) {
          setLoading({ status: "failed", message: messageOf(error, "Could not read the mask.") });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [recordId, photoUrl, reads]);

  return { loading, reload: useCallback(() => setReads((count) => count + 1), []) };
}
