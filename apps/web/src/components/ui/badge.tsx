import type { ReactNode } from "react";
import { cx } from "../../lib/cx.ts";

type BadgeTone = "neutral" | "accent" | "dark" | "dev";

const tones: Record<BadgeTone, string> = {
  neutral: "border-line bg-surface text-ink-muted",
  accent: "border-accent-200 bg-accent-50 text-accent-700",
  dark: "border-ink bg-ink text-white",
  dev: "border-dashed border-ink/40 bg-sunken font-mono text-ink",
};

export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
