import { ImageIcon } from "lucide-react";

/** The empty stage: what will appear here, and how to get it. */
export function ResultPlaceholder() {
  return (
    <div className="absolute inset-x-0 top-0 flex h-[70%] min-h-44 flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-surface/80 text-ink-muted shadow-card ring-1 ring-line backdrop-blur">
        <ImageIcon aria-hidden="true" className="size-7" />
      </span>
      <p className="text-base font-semibold text-ink">Your result will appear here</p>
      <p className="max-w-xs text-sm text-ink-muted">
        Add a photo, describe the scene and press Generate.
      </p>
    </div>
  );
}
