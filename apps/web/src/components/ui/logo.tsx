import { cx } from "../../lib/cx.ts";

/** A paper backdrop sweeping from wall to floor, with a subject resting on it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cx("size-8", className)}
    >
      <rect width="32" height="32" rx="9" fill="var(--color-ink)" />
      <path
        d="M9.5 6.5v11.25a7 7 0 0 0 7 7H26"
        fill="none"
        stroke="var(--color-accent-500)"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <circle cx="19.75" cy="19.35" r="3.6" fill="var(--color-canvas)" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cx("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="font-display text-xl font-bold tracking-tight text-ink">Backdrop</span>
    </span>
  );
}
