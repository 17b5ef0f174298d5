import { Redo2, RotateCcw, Undo2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cx } from "../../../lib/cx.ts";
import {
  canRedo,
  canUndo,
  currentImage,
  type EditorHistory,
  isAtOriginal,
  stepLabel,
} from "../editor-history.ts";
import { modifierLabel } from "../shortcuts.ts";
import { HistoryStrip } from "./history-strip.tsx";

type EditorStageProps = {
  history: EditorHistory;
  busy: boolean;
  onUndo(): void;
  onRedo(): void;
  onReset(): void;
  onJump(index: number): void;
};

export const STAGE_ID = "ai-editor-stage";

/** The shown image, large, with the history controls under it. */
export function EditorStage({ history, busy, onUndo, onRedo, onReset, onJump }: EditorStageProps) {
  const mod = modifierLabel();
  return (
    <section
      id={STAGE_ID}
      aria-label="Image and history"
      className="flex flex-col gap-4 bg-sunken/70 p-4 sm:p-6 lg:min-h-0"
    >
      <StageImage
        src={currentImage(history)}
        alt={`Your image: ${stepLabel(history, history.cursor).toLowerCase()}`}
        busy={busy}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onUndo}
          disabled={busy || !canUndo(history)}
          title={`Undo (${mod}+Z)`}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          <Undo2 aria-hidden="true" />
          <span className="max-sm:sr-only">Undo</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onRedo}
          disabled={busy || !canRedo(history)}
          title={`Redo (${mod}+Shift+Z)`}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        >
          <Redo2 aria-hidden="true" />
          <span className="max-sm:sr-only">Redo</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onReset}
          disabled={busy || isAtOriginal(history)}
          className="ml-auto"
        >
          <RotateCcw aria-hidden="true" />
          Reset to Original
        </Button>
      </div>
      <HistoryStrip history={history} disabled={busy} onJump={onJump} />
    </section>
  );
}

function StageImage({ src, alt, busy }: { src: string; alt: string; busy: boolean }) {
  // The URL the browser has finished loading (or failed to); any other URL is still on its way.
  const [settled, setSettled] = useState<{ src: string; failed: boolean } | null>(null);
  const loading = settled?.src !== src;
  const failed = !loading && settled?.failed;

  return (
    <div className="relative h-[min(44dvh,30rem)] shrink-0 overflow-hidden rounded-2xl border border-line bg-[repeating-conic-gradient(#efebe4_0_25%,#f8f6f2_0_50%)] bg-[length:20px_20px] lg:h-auto lg:min-h-0 lg:flex-1">
      <img
        src={src}
        alt={alt}
        onLoad={() => setSettled({ src, failed: false })}
        onError={() => setSettled({ src, failed: true })}
        className={cx("absolute inset-0 size-full object-contain", failed && "invisible")}
      />
      {failed && (
        <p className="absolute inset-x-4 top-1/2 -translate-y-1/2 text-center text-sm font-medium text-danger-600">
          Error loading image
        </p>
      )}
      {busy ? (
        <div className="absolute inset-0 flex items-center justify-center bg-ink/35 backdrop-blur-[1.5px] animate-fade-in">
          <p className="flex items-center gap-2.5 rounded-full bg-surface px-4 py-2.5 text-sm font-semibold text-ink shadow-pop [&_svg]:size-4">
            <Spinner className="text-accent-600" />
            Editing your image…
          </p>
        </div>
      ) : (
        loading && (
          <div className="pointer-events-none absolute top-3 right-3 animate-delayed-fade-in rounded-full bg-surface/90 p-2 text-ink-muted shadow-card [&_svg]:size-4">
            <Spinner />
          </div>
        )
      )}
    </div>
  );
}
