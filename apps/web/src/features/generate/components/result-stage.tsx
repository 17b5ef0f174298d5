import { ImageIcon } from "lucide-react";
import { StudioTips } from "./studio-tips.tsx";

/**
 * Where the generated image will be shown. The box keeps its size in every state so the
 * page does not move when a result, a spinner or an error replaces the placeholder.
 */
export function ResultStage() {
  return (
    <section aria-labelledby="studio-result-title" className="lg:sticky lg:top-24 lg:self-start">
      <div className="flex items-center justify-between">
        <h2 id="studio-result-title" className="font-sans text-[0.9375rem] font-semibold text-ink">
          Result
        </h2>
        <span className="text-xs font-medium text-ink-subtle">
          Download, upscale 2x or edit with AI
        </span>
      </div>
      <div className="relative mt-3 aspect-square overflow-hidden rounded-2xl border border-line bg-[#ece7df] sm:aspect-[4/3] lg:aspect-[4/5]">
        <StudioSweep />
        <div className="relative flex h-[70%] flex-col items-center justify-center gap-3 px-6 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-surface/80 text-ink-muted shadow-card ring-1 ring-line backdrop-blur">
            <ImageIcon aria-hidden="true" className="size-7" />
          </span>
          <p className="text-base font-semibold text-ink">Your result will appear here</p>
          <p className="max-w-xs text-sm text-ink-muted">
            Add a photo, describe the scene and press Generate.
          </p>
        </div>
      </div>
      <StudioTips />
    </section>
  );
}

/** A paper backdrop: wall, the soft curve of the sweep, and the floor with a pool of light. */
function StudioSweep() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 400 300"
      preserveAspectRatio="none"
      className="absolute inset-0 size-full"
    >
      <defs>
        <linearGradient id="sweep-wall" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e4ddd2" />
          <stop offset="1" stopColor="#f3efe9" />
        </linearGradient>
        <linearGradient id="sweep-floor" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f6f2ec" />
          <stop offset="1" stopColor="#fbf9f6" />
        </linearGradient>
        <radialGradient id="sweep-light" cx="0.5" cy="0.72" r="0.5">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="400" height="300" fill="url(#sweep-wall)" />
      <path d="M0 205 C 120 222, 280 222, 400 205 L400 300 L0 300 Z" fill="url(#sweep-floor)" />
      <ellipse cx="200" cy="240" rx="170" ry="55" fill="url(#sweep-light)" />
    </svg>
  );
}
