import { Maximize2, X } from "lucide-react";
import type { RefObject } from "react";
import { createPortal } from "react-dom";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { IconButton } from "./icon-button.tsx";

type MinimizedBarProps = {
  imageUrl: string;
  status: string;
  busy: boolean;
  restoreRef: RefObject<HTMLButtonElement | null>;
  onRestore(): void;
  onClose(): void;
};

/**
 * The editor folded into a small floating bar: the page stays usable under it and the
 * editor keeps its history, prompt and any edit still running.
 */
export function MinimizedBar({
  imageUrl,
  status,
  busy,
  restoreRef,
  onRestore,
  onClose,
}: MinimizedBarProps) {
  return createPortal(
    <section
      aria-label="AI editor (minimized)"
      className="fixed inset-x-3 bottom-3 z-40 flex animate-fade-in items-center gap-3 rounded-full border border-line bg-surface p-1.5 shadow-pop sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[26rem]"
    >
      <span className="relative size-11 shrink-0 overflow-hidden rounded-full ring-1 ring-line">
        <img src={imageUrl} alt="" className="size-full object-cover" />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center bg-ink/40 text-white [&_svg]:size-4">
            <Spinner />
          </span>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink">AI editor</p>
        <p role="status" className="truncate text-xs text-ink-muted">
          {status}
        </p>
      </div>
      <button
        ref={restoreRef}
        type="button"
        onClick={onRestore}
        className={buttonClasses({ variant: "primary", size: "sm" })}
      >
        <Maximize2 aria-hidden="true" />
        Restore
      </button>
      <IconButton label="Close editor without saving" onClick={onClose}>
        <X aria-hidden="true" />
      </IconButton>
    </section>,
    document.body,
  );
}
