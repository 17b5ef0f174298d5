import type { ButtonHTMLAttributes } from "react";
import { cx } from "../../../lib/cx.ts";

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { label: string };

/** A round button showing only an icon; `label` is its accessible name and tooltip. */
export function IconButton({ label, className, children, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cx(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-5",
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
