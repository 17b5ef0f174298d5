import type { ReactNode } from "react";
import { cx } from "../../../lib/cx.ts";
import { TOP_UP_TOOLTIP } from "../plan-copy.ts";

type TopUpTooltipProps = {
  id: string;
  children: ReactNode;
  /** Which side of the control the tip opens on. */
  side?: "below" | "above";
  className?: string;
};

/** Shows the elite-only tooltip on hover and keyboard focus of the control inside. */
export function TopUpTooltip({ id, children, side = "below", className }: TopUpTooltipProps) {
  return (
    <span className={cx("group/tip relative inline-flex", className)}>
      {children}
      <span
        role="tooltip"
        id={id}
        className={cx(
          "pointer-events-none absolute right-0 z-50 w-64 rounded-xl bg-ink px-3 py-2 text-left text-xs leading-relaxed font-medium text-white opacity-0 shadow-pop transition-opacity duration-150 group-focus-within/tip:opacity-100 group-hover/tip:opacity-100",
          side === "below" ? "top-full mt-2" : "bottom-full mb-2",
        )}
      >
        {TOP_UP_TOOLTIP}
      </span>
    </span>
  );
}
