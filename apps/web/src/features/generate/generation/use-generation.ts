import {
  type Aspect,
  DEFAULT_PROCESSING_METHOD,
  GENERATION_MESSAGES,
  type ProcessingMethod,
  pictureSize,
  type ShadowStyle,
  type TImageRecord,
} from "@backdrop/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../auth/index.ts";
import { startProcessing, type UploadedPhoto, uploadImage } from "../api.ts";
import type { ImageSize } from "../photo/image-checks.ts";
import { isAbort, watchRecord } from "./watch-record.ts";

/** The photo, its size, and the choices it is generated with. */
export type GenerationInput = ImageSize & {
  file: File;
  prompt: string;
  method: ProcessingMethod;
  shadow: ShadowStyle;
  /** The output's proportions: the photo's own, or a preset ratio (outputSize). */
  aspect: Aspect;
  /** The prompt asks for a white background: at the photo's own size, a square (pictureSize). */
  marketplace?: boolean;
  /** How many takes to make, each charged as one generation (issue 14, point 2). */
  variations: number;
  /** Let the model relight the product (off: its own pixels are kept). */
  relightProduct?: boolean;
  /** Keep the product exact; null or absent: as the prompt asks (the server decides). */
  exactProduct?: boolean | null;
  /** Called once the job is accepted, with its record: the studio writes it in the address. */
  onStarted?: (recordId: string) => void;
};

/** A finished generation: the record, its stored original, the new image and its size. */
export type GenerationResult = ImageSize & {
  recordId: string;
  originalUrl: string;
  imageUrl: string;
  prompt: string;
  /** The subject alone on a transparent background (a PNG), when the server could cut it out. */
  cutoutUrl: string | null;
  /** The takes in order; `imageUrl` is the chosen one. Empty on records made before takes. */
  variations: Variation[];
  /** The photo's own file name as uploaded, to name downloads after; null when not known. */
  sourceName: string | null;
};

/** The take `url` is, from 1, when the generation made several; null otherwise. */
export function takeNumberOf(result: Pick<GenerationResult, "variations">, url: string) {
  if (result.variations.length < 2) return null;
  const index = result.variations.findIndex((take) => take.url === url);
  return index >= 0 ? index + 1 : null;
}

/** One take of a generation: its image and the seed it was made with. */
export type Variation = TImageRecord["variations"][number];

/** What a generation knows before its job ends: all of the result but its images. */
type PendingResult = Omit<GenerationResult, "imageUrl" | "cutoutUrl" | "variations" | "sourceName">;

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

/** How a generation's watch words its failures; the batch's jobs say the same. */
export const GENERATION_WATCH = {
  failed: GENERATION_MESSAGES.imageProcessingFailed,
  timedOut: GENERATION_MESSAGES.processingTimedOut,
  checkFailed: (reason: string) => reason,
};

/**
 * The error's own message for the person, or `fallback`. Only errors of the kind `only` (any
 * Error unless said) are trusted to have one: the batch shows only the API's.
 */
export function messageOf(
  error: unknown,
  fallback: string,
  only: abstract new (...args: never[]) => Error = Error,
): string {
  return error instanceof only && error.message ? error.message : fallback;
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
    // A resumed job shows its stored photo, not a local copy.
    if (run.current.previewUrl.startsWith("blob:")) URL.revokeObjectURL(run.current.previewUrl);
    run.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  /** A new run: the previous one stopped, the photo shown under the progress. */
  const begin = useCallback(
    (previewUrl: string) => {
      stop();
      const controller = new AbortController();
      const { signal } = controller;
      run.current = { controller, previewUrl };
      const setStage = (stage: string | null, progress: number | null = null) =>
        setState((current) =>
          current.status === "running" && (current.stage !== stage || current.progress !== progress)
            ? { ...current, stage: stage ?? current.stage, progress }
            : current,
        );
      const failWith = (message: string) => {
        if (!signal.aborted) setState({ status: "failed", message });
      };
      /** Watches the accepted job's record until its result, then shows it. */
      const finish = async (result: PendingResult) => {
        try {
          const { url, record } = await watchRecord({
            recordId: result.recordId,
            resultOf: (record) => record.processedImage?.url ?? null,
            onRecord: (record) => setStage(record.stage, record.progress),
            messages: GENERATION_WATCH,
            signal,
          });
          setState({
            status: "done",
            result: {
              ...result,
              imageUrl: url,
              cutoutUrl: record.cutoutImage?.url ?? null,
              variations: record.variations,
              sourceName: record.sourceName,
            },
          });
        } catch (error) {
          if (isAbort(error)) return;
          failWith(messageOf(error, GENERATION_MESSAGES.imageProcessingFailed));
        } finally {
          // A failed job may have been refunded; a finished one settles the balance.
          if (!signal.aborted) markTokensUpdated();
        }
      };
      return { signal, setStage, failWith, finish };
    },
    [stop, markTokensUpdated],
  );

  /**
   * Generates from `input`. `uploaded` is the same photo's upload begun when it was picked and
   * not yet generated from: its record is used instead of uploading again, waited for while it
   * is still on its way. Only when that upload fails is the photo uploaded again.
   */
  const start = useCallback(
    async (input: GenerationInput, uploaded?: UploadedPhoto | Promise<UploadedPhoto> | null) => {
      if (!uid) return;
      const previewUrl = URL.createObjectURL(input.file);
      const { signal, setStage, failWith, finish } = begin(previewUrl);
      // The stage takes the result's shape from the start, so its arrival moves nothing.
      const size = pictureSize(input.width, input.height, input.aspect, input.marketplace === true);
      const pending = uploaded instanceof Promise ? uploaded : null;
      let upload = uploaded instanceof Promise ? null : (uploaded ?? null);

      setState({
        status: "running",
        stage: upload ? "starting" : "sending",
        progress: null,
        startedAt: Date.now(),
        method: input.method,
        previewUrl,
        ...size,
      });

      if (!upload) {
        if (pending) {
          upload = await pending.catch(() => null);
          if (signal.aborted) return;
        }
        try {
          upload ??= await uploadImage(input.file, uid);
        } catch (error) {
          return failWith(messageOf(error, GENERATION_MESSAGES.uploadFailed));
        }
        if (signal.aborted) return;
        setStage("starting");
      }

      const { recordId } = upload;
      try {
        await startProcessing({
          prompt: input.prompt.trim(),
          imageUrl: upload.url,
          recordId,
          userUid: uid,
          method: input.method,
          shadow: input.shadow,
          aspect: input.aspect,
          variations: input.variations,
          relightProduct: input.relightProduct ?? false,
          exactProduct: input.exactProduct,
        });
      } catch (error) {
        return failWith(
          error instanceof ApiError ? error.message : GENERATION_MESSAGES.startFailed,
        );
      }
      // The tokens are spent: the header shows the new balance at once.
      markTokensUpdated();
      if (signal.aborted) return;
      input.onStarted?.(recordId);
      setStage("queued");
      await finish({ recordId, originalUrl: upload.url, prompt: input.prompt.trim(), ...size });
    },
    [uid, begin, markTokensUpdated],
  );

  /**
   * Watches a job that was running when the page was left (a reload, Back): the record named
   * in the address, shown with its own photo until its result arrives.
   */
  const resume = useCallback(
    (record: TImageRecord) => {
      const { finish } = begin(record.originalImage.url);
      setState({
        status: "running",
        stage: record.stage ?? "queued",
        progress: record.progress,
        startedAt: Date.now(),
        // The record does not say which: the bar's estimate starts from the default.
        method: DEFAULT_PROCESSING_METHOD,
        previewUrl: record.originalImage.url,
        width: record.width,
        height: record.height,
      });
      void finish({
        recordId: record._id,
        originalUrl: record.originalImage.url,
        prompt: record.prompt ?? "",
        width: record.width,
        height: record.height,
      });
    },
    [begin],
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

  return { state, start, resume, reset, show };
}
