import { GENERATION_MESSAGES } from "@backdrop/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyError } from "../../../lib/notify.ts";
import { useSession } from "../../auth/index.ts";
import { startUpscale } from "../api.ts";
import { isAbort, watchRecord } from "../generation/watch-record.ts";

export type UpscaleState =
  | { status: "idle" }
  | { status: "running"; stage: string | null; progress: number | null; startedAt: number }
  | { status: "failed"; message: string };

const UPSCALE_WATCH = {
  failed: GENERATION_MESSAGES.upscaleFailed,
  timedOut: GENERATION_MESSAGES.upscaleTimedOut,
  checkFailed: (reason: string) => `${GENERATION_MESSAGES.statusCheckFailed}${reason}`,
};

/**
 * SPEC point 4's upscale: works like generation, waiting for the record's upscaled image.
 * Resolves with its URL, or null when it failed (the reason is in `state`, plus a toast).
 */
export function useUpscale() {
  const { session, markTokensUpdated } = useSession();
  const uid = session?.uid ?? null;
  const [state, setState] = useState<UpscaleState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const fail = useCallback((message: string) => {
    setState({ status: "failed", message });
    notifyError(GENERATION_MESSAGES.upscaleFailed);
  }, []);

  const start = useCallback(
    async ({ recordId, imageUrl }: { recordId: string; imageUrl: string }) => {
      if (!uid) return null;
      stop();
      const current = new AbortController();
      controller.current = current;
      const { signal } = current;
      setState({ status: "running", stage: "starting", progress: null, startedAt: Date.now() });

      try {
        await startUpscale({ recordId, imageUrl, userUid: uid });
      } catch (error) {
        if (!signal.aborted) {
          fail(error instanceof ApiError ? error.message : GENERATION_MESSAGES.upscaleStartFailed);
        }
        return null;
      }
      markTokensUpdated();
      try {
        const { url } = await watchRecord({
          recordId,
          resultOf: (record) => record.upscaledImage?.url ?? null,
          onRecord: (record) =>
            setState((now) =>
              now.status === "running" &&
              record.stage &&
              (now.stage !== record.stage || now.progress !== record.progress)
                ? { ...now, stage: record.stage, progress: record.progress }
                : now,
            ),
          messages: UPSCALE_WATCH,
          signal,
        });
        setState({ status: "idle" });
        return url;
      } catch (error) {
        if (!isAbort(error)) {
          fail(error instanceof Error ? error.message : GENERATION_MESSAGES.upscaleFailed);
        }
        return null;
      } finally {
        if (!signal.aborted) markTokensUpdated();
      }
    },
    [uid, stop, fail, markTokensUpdated],
  );

  /** Shows why an upscale cannot start, without calling the server. */
  const refuse = useCallback((message: string) => setState({ status: "failed", message }), []);

  const reset = useCallback(() => {
    stop();
    setState({ status: "idle" });
  }, [stop]);

  return { state, start, refuse, reset };
}
