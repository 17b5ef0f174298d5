import { GALLERY_MESSAGES } from "@backdrop/shared";
import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyError } from "../../../lib/notify.ts";
import { useSession } from "../../auth/session.ts";
import { fetchRecord } from "../api.ts";
import { IMAGE_PARAM, type OpenedRecord, openedRecord, RECORD_PARAM } from "../open-record.ts";

/**
 * Opens the record the address names (`/?record=<id>&image=<file id>`, from the gallery) as
 * the studio's result, once the user is known. A record still at work without a result is
 * left alone; one that has none, or cannot be read, says so in a toast. `forget` drops the
 * record from the address (New Image, a new generation), so a reload does not bring it back.
 */
export function useOpenRecord(onOpen: (opened: OpenedRecord) => void) {
  const [params, setParams] = useSearchParams();
  const { session } = useSession();
  const uid = session?.uid ?? null;
  const recordId = params.get(RECORD_PARAM);
  const imageId = params.get(IMAGE_PARAM);
  const latestOnOpen = useRef(onOpen);
  latestOnOpen.current = onOpen;

  useEffect(() => {
    if (!recordId || !uid) return;
    let cancelled = false;
    fetchRecord(recordId).then(
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
        } else if (record.status !== "queued" && record.status !== "processing") {
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

  return { forget };
}
