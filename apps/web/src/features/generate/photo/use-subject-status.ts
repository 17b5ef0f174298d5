import { useEffect, useState } from "react";
import { isAbort, watchRecord } from "../generation/watch-record.ts";
import type { PhotoUpload } from "./use-photo-upload.ts";

/** Where the server is in cutting the subject out of the picked photo. */
export type SubjectStatus = "preparing" | "ready";

/** Nothing waits on the cut-out, so it is checked less often than a job; two minutes at most. */
export const SUBJECT_POLL_MS = 3_000;
export const SUBJECT_POLLS = 40;

// Giving up is silent: generating works without a ready cut-out, it only takes longer.
const UNSHOWN = { failed: "", timedOut: "", checkFailed: () => "" };

/**
 * "preparing" while the picked photo uploads and the server cuts its subject out, "ready" once
 * its record has the cut-out. Learnt from the record's live stream, with a slow poll behind
 * it; the watch ends with the photo, on unmount, after two minutes (then null: nothing to
 * say), and when Generate takes the record, whose own watch shows the cut-out as a stage.
 */
export function useSubjectStatus(upload: PhotoUpload): SubjectStatus | null {
  const recordId = upload.photo?.recordId ?? null;
  const watching = recordId !== null && !upload.used;
  const [known, setKnown] = useState<{ recordId: string; ready: boolean } | null>(null);
  const settled = known?.recordId === recordId ? known : null;
  const isSettled = settled !== null;

  useEffect(() => {
    if (!recordId || !watching || isSettled) return;
    const controller = new AbortController();
    watchRecord({
      recordId,
      resultOf: (record) => record.cutoutImage?.url ?? null,
      messages: UNSHOWN,
      signal: controller.signal,
      intervalMs: SUBJECT_POLL_MS,
      attempts: SUBJECT_POLLS,
    }).then(
      () => setKnown({ recordId, ready: true }),
      (error: unknown) => {
        if (!isAbort(error)) setKnown({ recordId, ready: false });
      },
    );
    return () => controller.abort();
  }, [recordId, watching, isSettled]);

  if (upload.uploading) return "preparing";
  if (settled) return settled.ready ? "ready" : null;
  return watching ? "preparing" : null;
}
