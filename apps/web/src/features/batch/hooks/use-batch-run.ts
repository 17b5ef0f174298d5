import { type Aspect, GENERATION_MESSAGES, type ShadowStyle } from "@backdrop/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../auth/index.ts";
import type { ProcessingMethod } from "../../generate/index.ts";
import {
  GENERATION_WATCH,
  isAbort,
  messageOf,
  startProcessing,
  type UploadedPhoto,
  uploadImage,
} from "../../generate/index.ts";
import { LIVE_WATCHES, UPLOADS_AT_ONCE } from "../batch-limits.ts";
import type { BatchPhoto, PhotoRun } from "../batch-photo.ts";
import { createRecordWatches, type RecordWatches } from "../record-watches.ts";
import { type LimitedRunner, runLimited } from "../run-limited.ts";

/** One prompt and one set of settings for every photo of the batch. */
export type BatchSettings = {
  prompt: string;
  method: ProcessingMethod;
  shadow: ShadowStyle;
  aspect: Aspect;
  relightProduct?: boolean;
  exactProduct?: boolean | null;
};

const TOO_MANY_REQUESTS = 429;

/** What one started batch shares: its settings, its turns to upload and its watches. */
type BatchRunContext = {
  uid: string;
  settings: BatchSettings;
  controller: AbortController;
  uploadTurn: LimitedRunner;
  watches: RecordWatches;
  /** The server refused an upload as one too many: the photos still waiting stop there. */
  refusal: string | null;
};

/**
 * Runs a batch: each photo is uploaded (UPLOADS_AT_ONCE at a time), its job started with the
 * batch's settings, and its record watched to a result or a failure, each on its own. Photos
 * that failed can be tried again; one the server already has is not uploaded again. Leaving
 * the page stops the watching, not the jobs: their results land in the gallery.
 */
export function useBatchRun() {
  const { session, markTokensUpdated } = useSession();
  const uid = session?.uid ?? null;
  const [runs, setRuns] = useState<Record<string, PhotoRun>>({});
  const context = useRef<BatchRunContext | null>(null);
  const uploaded = useRef(new Map<string, UploadedPhoto>());

  const stop = useCallback(() => {
    context.current?.controller.abort();
    context.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const runPhoto = useCallback(
    async (photo: BatchPhoto, run: BatchRunContext) => {
      const { settings } = run;
      const { signal } = run.controller;
      const set = (next: PhotoRun | ((now: PhotoRun | undefined) => PhotoRun)) => {
        if (signal.aborted) return;
        setRuns((now) => ({
          ...now,
          [photo.id]: typeof next === "function" ? next(now[photo.id]) : next,
        }));
      };
      const setStage = (stage: string, progress: number | null = null) =>
        set((now) =>
          now?.status === "working"
            ? { ...now, stage, progress }
            : { status: "working", stage, progress, startedAt: Date.now() },
        );
      const fail = (message: string) => set({ status: "failed", message });

      set({ status: "waiting" });
      let fallback: string = GENERATION_MESSAGES.uploadFailed;
      let recordId: string;
      try {
        recordId = await run.uploadTurn(async () => {
          if (signal.aborted) throw new DOMException("The batch was left", "AbortError");
          let upload = uploaded.current.get(photo.id);
          if (!upload) {
            if (run.refusal) throw new ApiError(run.refusal, TOO_MANY_REQUESTS);
            setStage("sending");
            upload = await uploadImage(photo.file, run.uid).catch((error: unknown) => {
              if (error instanceof ApiError && error.status === TOO_MANY_REQUESTS) {
                run.refusal = error.message;
              }
              throw error;
            });
            uploaded.current.set(photo.id, upload);
          }
          setStage("starting");
          fallback = GENERATION_MESSAGES.startFailed;
          await startProcessing({
            prompt: settings.prompt.trim(),
            imageUrl: upload.url,
            recordId: upload.recordId,
            userUid: run.uid,
            method: settings.method,
            shadow: settings.shadow,
            aspect: settings.aspect,
            relightProduct: settings.relightProduct ?? false,
            exactProduct: settings.exactProduct,
          });
          return upload.recordId;
        });
      } catch (error) {
        return fail(messageOf(error, fallback, ApiError));
      }
      // The tokens are spent: the header shows the new balance.
      markTokensUpdated();
      setStage("queued");
      try {
        const { url } = await run.watches.watch(
          {
            recordId,
            resultOf: (record) => record.processedImage?.url ?? null,
            onRecord: (record) => setStage(record.stage ?? "queued", record.progress),
            messages: GENERATION_WATCH,
          },
          signal,
        );
        set({ status: "done", recordId, resultUrl: url });
      } catch (error) {
        if (isAbort(error)) return;
        fail(error instanceof Error ? error.message : GENERATION_MESSAGES.imageProcessingFailed);
      }
      // A failed job may have been refunded.
      if (!signal.aborted) markTokensUpdated();
    },
    [markTokensUpdated],
  );

  /** Starts every photo with the same settings. */
  const start = useCallback(
    (photos: readonly BatchPhoto[], settings: BatchSettings) => {
      if (!uid) return;
      stop();
      const run: BatchRunContext = {
        uid,
        settings,
        controller: new AbortController(),
        uploadTurn: runLimited(UPLOADS_AT_ONCE),
        watches: createRecordWatches(LIVE_WATCHES),
        refusal: null,
      };
      context.current = run;
      uploaded.current.clear();
      setRuns({});
      for (const photo of photos) void runPhoto(photo, run);
    },
    [uid, stop, runPhoto],
  );

  /** Tries these photos again with the batch's settings; the user asked, so uploads resume. */
  const retry = useCallback(
    (photos: readonly BatchPhoto[]) => {
      const run = context.current;
      if (!run) return;
      run.refusal = null;
      for (const photo of photos) void runPhoto(photo, run);
    },
    [runPhoto],
  );

  /** Forgets the batch's progress and stops watching its jobs. */
  const reset = useCallback(() => {
    stop();
    uploaded.current.clear();
    setRuns({});
  }, [stop]);

  return { runs, started: Object.keys(runs).length > 0, start, retry, reset };
}
