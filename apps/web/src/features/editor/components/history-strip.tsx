import { useEffect, useRef } from "react";
import { type EditorHistory, originalImage, stepLabel } from "../editor-history.ts";

type HistoryStripProps = {
  history: EditorHistory;
  disabled: boolean;
  onJump(index: number): void;
};

/** Every step as a thumbnail; steps after the shown one are faded, as redo would bring them back. */
export function HistoryStrip({ history, disabled, onJump }: HistoryStripProps) {
  const currentRef = useRef<HTMLButtonElement>(null);
  const { entries, cursor } = history;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the step changes
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [cursor, entries.length]);

  return (
    <div>
      <p id="ai-editor-history" className="flex items-baseline justify-between gap-3 text-xs">
        <span className="font-semibold tracking-wide text-ink-subtle uppercase">History</span>
        <span className="text-ink-muted">
          Step {cursor + 1} of {entries.length}
        </span>
      </p>
      <ol aria-labelledby="ai-editor-history" className="mt-2 flex gap-2 overflow-x-auto p-1">
        {entries.map((url, index) => {
          const current = index === cursor;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same URL can appear twice (a reset)
            <li key={`${index}:${url}`} className="shrink-0">
              <button
                ref={current ? currentRef : undefined}
                type="button"
                aria-label={stepLabel(history, index)}
                aria-current={current ? "step" : undefined}
                data-later={index > cursor}
                disabled={disabled}
                onClick={() => onJump(index)}
                className="relative block size-14 overflow-hidden rounded-xl bg-surface ring-1 ring-line transition hover:ring-control disabled:cursor-not-allowed aria-[current=step]:ring-2 aria-[current=step]:ring-accent-600 data-[later=true]:opacity-55 sm:size-16"
              >
                <img
                  src={url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
                <span className="absolute bottom-1 left-1 rounded-md bg-ink/75 px-1 text-[0.625rem] leading-4 font-semibold text-white">
                  {/* what "Reset to Original" brings back, named as such */}
                  {index === 0 || url === originalImage(history) ? "Original" : index}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
