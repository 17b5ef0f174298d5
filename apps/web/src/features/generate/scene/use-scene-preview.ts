import type { TScenePreviewResponse } from "@backdrop/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { PreviewBusyError, previewScene } from "../api.ts";

/** How long typing must pause before the scene is drawn again. */
export const PREVIEW_DEBOUNCE_MS = 450;
/** A busy server's answer is asked again once, after its Retry-After (at most this long). */
const MAX_BUSY_WAIT_MS = 5_000;
/** Shorter prompts are still being typed: nothing worth drawing yet. */
const MIN_PROMPT_LENGTH = 3;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The engine's reading of the prompt as the user types: what it will draw, what it will leave
 * out, and a small picture of the scene. The last answer stays while the next is drawn, and
 * when the server is too busy to draw it (429): that is asked again once after its Retry-After,
 * quietly, and never shown as a failure.
 */
export function useScenePreview(
  prompt: string,
  outputSize: { width: number; height: number } | null,
  recordId: string | null = null,
) {
  const settled = useDebounced(prompt.trim(), PREVIEW_DEBOUNCE_MS);
  const size = outputSize ? { width: outputSize.width, height: outputSize.height } : null;
  const query = useQuery({
    queryKey: ["scene-preview", settled, size?.width ?? null, size?.height ?? null, recordId],
    queryFn: ({ signal }) => previewScene(settled, size, signal, recordId),
    enabled: settled.length >= MIN_PROMPT_LENGTH,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: (failures, error) => error instanceof PreviewBusyError && failures < 1,
    retryDelay: (_, error) =>
      error instanceof PreviewBusyError
        ? Math.min(error.retryAfterSeconds * 1000, MAX_BUSY_WAIT_MS)
        : 0,
  });
  const last = useRef<TScenePreviewResponse | null>(null);
  if (query.data && !query.isPlaceholderData) last.current = query.data;
  const busy = query.error instanceof PreviewBusyError;
  const active = settled.length >= MIN_PROMPT_LENGTH && prompt.trim().length >= MIN_PROMPT_LENGTH;
  return {
    reading: active ? (query.data ?? (busy ? last.current : null)) : null,
    /** The answer on screen is for an older prompt, or the first is on its way. */
    updating: active && (query.isFetching || settled !== prompt.trim()),
    failed: active && query.isError && !query.data && !busy,
  };
}
