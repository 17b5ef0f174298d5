import { GALLERY_MESSAGES, type TImageRecord } from "@backdrop/shared";
import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyError } from "../../../lib/notify.ts";
import { useSession } from "../../auth/index.ts";
import { fetchRecord } from "../api.ts";
import { IMAGE_PARAM, type OpenedRecord, openedRecord, RECORD_PARAM } from "./open-record.ts";

/**
 * Opens the record the address names (`/?record=<id>&image=<file id>`, from the gallery or a
 * generation started here) as the studio's result, once the user is known. A record whose job
 * is still at work is handed to `onRunning`, to be watched to its end (after a reload or Back);
 * one with no result, or that cannot be read, says so in a toast. `remember` writes a new
 * generation's record in the address; `forget` drops it (New Image), so a reload does not
 * bring it back.
 */
export function useOpenRecord(
  onOpen: (opened: OpenedRecord) => void,
  onRunning: (record: TImageRecord) => void,
) {
  const [params, setParams] = useSearchParams();
  const { session } = useSession();
  const uid = session?.uid ?? null;
  const recordId = params.get(RECORD_PARAM);
  const imageId = params.get(IMAGE_PARAM);
  const latestOnOpen = useRef(onOpen);
  latestOnOpen.current = onOpen;
  const latestOnRunning = useRef(onRunning);
  latestOnRunning.current = onRunning;
  // The record this page itself is generating: naming it in the address opens nothing.
  const generating = useRef<string | null>(null);

  useEffect(() => {
    if (!recordId || !uid || recordId === generating.current) return;
    let cancelled = false;
    fetchRecord(recordId, { settings: true }).then(
      (record) => {
        if (cancelled) return;
        const opened = openedRecord(record, imageId);
        if (opened) {
          latestOnOpen.current(opened);
          // The result, with its actions, is what the user came for: past the hero, or below
          // the form on narrow screens.
          document
            .getElementById("studio-result-title")
            ?.closest("section")
            ?.scrollIntoView({ block: "start" });
        } else if (record.status === "queued" || record.status === "processing") {
          latestOnRunning.current(record);
        } else {
          notifyError(GALLERY_MESSAGES.nothingToOpen);
        }
      },
      (error: unknown) => {
        if (cancelled) return;
        notifyError(
          error instanceof ApiError && error.status !== 0
            ? error.message
            : GALLERY_MESSAGES.openFailed,
        );
      },
    );
    return () => {
      cancelled = true;
    };
  }, [recordId, imageId, uid]);

  const named = recordId !== null;
  const forget = useCallback(() => {
    if (!named) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RECORD_PARAM);
        next.delete(IMAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [named, setParams]);

  const remember = useCallback(
    (id: string) => {
      generating.current = id;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(RECORD_PARAM, id);
          next.delete(IMAGE_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return { forget, remember };
}
