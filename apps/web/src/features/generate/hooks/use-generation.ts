import { GENERATION_MESSAGES, type ProcessingMethod } from "@backdrop/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../auth/session.ts";
import { startProcessing, uploadImage } from "../api.ts";
import type { ImageSize } from "../image-checks.ts";
import { isAbort, watchRecord } from "../watch-record.ts";

export type GenerationInput = ImageSize & {
  file: File;
  prompt: string;
  method: ProcessingMethod;
};

/** A finished generation: the record, its stored original and the new image. */
export type GenerationResult = ImageSize & {
  recordId: string;
  originalUrl: string;
  imageUrl: string;
  prompt: string;
};

export type GenerationState =
  | { status: "idle" }
  | (ImageSize & {
      status: "running";
      /** "sending" and "starting" before the job exists, then the job's own stage. */
      stage: string | null;
      /** How much of the stage is done, 0..1, while the server reports it. */
      progress: number | null;
      startedAt: number;
      /** realtime or queue: the bar's time estimates differ. */
      method: ProcessingMethod;
      /** The photo being worked on, shown under the progress. */
      previewUrl: string;
    })
  | { status: "failed"; message: string }
  | { status: "done"; result: GenerationResult };

const GENERATION_WATCH = {
  failed: GENERATION_MESSAGES.imageProcessingFailed,
  timedOut: GENERATION_MESSAGES.processingTimedOut,
  checkFailed: (reason: string) => reason,
};

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * SPEC point 4's generation: upload the photo, start the job, then wait for the record's
 * processed image. Leaving the page, starting again or resetting stops the wait.
 */
export function useGeneration() {
  const { session, markTokensUpdated } = useSession();
  const uid = session?.uid ?? null;
  const [state, setState] = useState<GenerationState>({ status: "idle" });
  const run = useRef<{ controller: AbortController; previewUrl: string } | null>(null);

  const stop = useCallback(() => {
    if (!run.current) return;
    run.current.controller.abort();
    URL.revokeObjectURL(run.current.previewUrl);
    run.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (input: GenerationInput) => {
      if (!uid) return;
      stop();
      const controller = new AbortController();
      const { signal } = controller;
      const previewUrl = URL.createObjectURL(input.file);
      run.current = { controller, previewUrl };
      const size = { width: input.width, height: input.height };
      const setStage = (stage: string | null, progress: number | null = null) =>
        setState((current) =>
          current.status === "running" && (current.stage !== stage || current.progress !== progress)
            ? { ...current, stage: stage ?? current.stage, progress }
            : current,
        );
      const failWith = (message: string) => {
        if (!signal.aborted) setState({ status: "failed", message });
      };

      setState({
        status: "running",
        stage: "sending",
        progress: null,
        startedAt: Date.now(),
        method: input.method,
        previewUrl,
        ...size,
      });

      let upload: Awaited<ReturnType<typeof uploadImage>>;
      try {
        upload = await uploadImage(input.file, uid);
      } catch (error) {
        return failWith(messageOf(error, GENERATION_MESSAGES.uploadFailed));
      }
      if (signal.aborted) return;
      setStage("starting");

      const recordId = upload.savedBaseImage._id;
      try {
        await startProcessing({
          prompt: input.prompt.trim(),
          imageUrl: upload.url,
          recordId,
          userUid: uid,
          method: input.method,
        });
      } catch (error) {
        return failWith(
          error instanceof ApiError ? error.message : GENERATION_MESSAGES.startFailed,
        );
      }
      // The tokens are spent: the header shows the new balance at once.
      markTokensUpdated();
      if (signal.aborted) return;
      setStage("queued");

      try {
        const { url } = await watchRecord({
          recordId,
          resultOf: (record) => record.processedImage?.url ?? null,
          onRecord: (record) => setStage(record.stage, record.progress),
          messages: GENERATION_WATCH,
          signal,
        });
        setState({
          status: "done",
          result: {
            recordId,
            originalUrl: upload.url,
            imageUrl: url,
            prompt: input.prompt.trim(),
            ...size,
          },
        });
      } catch (error) {
        if (isAbort(error)) return;
        failWith(messageOf(error, GENERATION_MESSAGES.imageProcessingFailed));
      } finally {
        // A failed job may have been refunded; a finished one settles the balance.
        if (!signal.aborted) markTokensUpdated();
      }
    },
    [uid, stop, markTokensUpdated],
  );

  const reset = useCallback(() => {
    stop();
    setState({ status: "idle" });
  }, [stop]);

  /** Shows a result made earlier (a record opened from the gallery) as if just generated. */
  const show = useCallback(
    (result: GenerationResult) => {
      stop();
      setState({ status: "done", result });
    },
    [stop],
  );

  return { state, start, reset, show };
}
