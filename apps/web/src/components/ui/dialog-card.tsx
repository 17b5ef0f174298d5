import type { ReactNode } from "react";
import { cx } from "../../lib/cx.ts";
import { buttonClasses } from "./button.tsx";
import { DialogClose } from "./dialog.tsx";

const ICON_TONES = {
  neutral: "bg-sunken text-ink-muted ring-line",
  accent: "bg-accent-50 text-accent-600 ring-accent-100",
  danger: "bg-danger-50 text-danger-600 ring-danger-600/15",
} as const;

/** The rounded icon at the top of a confirmation dialog. */
export function DialogIcon({
  tone,
  children,
}: {
  tone: keyof typeof ICON_TONES;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        "inline-flex size-12 items-center justify-center rounded-2xl ring-1",
        ICON_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A confirmation dialog's buttons: Cancel, then the action it offers. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
      <DialogClose className={buttonClasses({ variant: "secondary" })}>Cancel</DialogClose>
      {children}
    </div>
  );
}
