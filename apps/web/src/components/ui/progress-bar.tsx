import { cx } from "../../lib/cx.ts";

type ProgressBarProps = {
  /** Whole percent, 0..100. */
  percent: number;
  label: string;
  valueText: string;
  /** No width animation: the user asked for less motion, or the value jumps by itself. */
  still?: boolean;
  className?: string;
};

/** A thin accent bar with its value for assistive technology. */
export function ProgressBar({
  percent,
  label,
  valueText,
  still = false,
  className,
}: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cx("h-1.5 overflow-hidden rounded-full bg-sunken", className)}
    >
      {/* Scaled, not resized: a transform moves on the compositor without a layout. */}
      <div
        className={cx(
          "h-full origin-left rounded-full bg-accent-600",
          !still && "transition-transform duration-200 ease-linear motion-reduce:transition-none",
        )}
        style={{ transform: `scaleX(${percent / 100})` }}
      />
    </div>
  );
}
