import type { ReactNode } from "react";
import { cx } from "../../lib/cx.ts";

type PageIntroProps = {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  align?: "left" | "center";
  className?: string;
};

/** The page's h1 with an optional eyebrow line and lead paragraph. */
export function PageIntro({ eyebrow, title, lead, align = "left", className }: PageIntroProps) {
  const centered = align === "center";
  return (
    <header className={cx(centered && "mx-auto text-center", "max-w-2xl", className)}>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">{eyebrow}</p>
      )}
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
      {lead && <p className="mt-4 text-lg leading-relaxed text-ink-muted">{lead}</p>}
    </header>
  );
}
