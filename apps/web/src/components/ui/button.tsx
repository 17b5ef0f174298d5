import type { ButtonHTMLAttributes } from "react";
import { cx } from "../../lib/cx.ts";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant =
  | "primary"
  | "accent"
  | "secondary"
  | "ghost"
  | "danger"
  | "dangerOutline";
export type ButtonSize = "sm" | "md" | "lg";

type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors duration-150 select-none disabled:cursor-not-allowed disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  /** Ink would not stand out around ink: its focus ring is the accent. */
  primary:
    "bg-ink text-white shadow-sm hover:bg-ink-soft active:bg-black focus-visible:outline-accent-600",
  accent: "bg-accent-600 text-white shadow-sm hover:bg-accent-700 active:bg-accent-800",
  secondary:
    "border border-line-strong bg-surface text-ink shadow-xs hover:border-control hover:bg-sunken",
  ghost: "text-ink-muted hover:bg-sunken hover:text-ink",
  /** Destructive actions (deleting), in the validation red. */
  danger: "bg-danger-600 text-white shadow-sm hover:bg-danger-600/90 active:bg-danger-600/80",
  /** A destructive action beside others, before its confirmation. */
  dangerOutline:
    "border border-line-strong bg-surface text-danger-600 shadow-xs hover:border-danger-600/40 hover:bg-danger-50",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3.5 text-sm",
  md: "h-11 px-5 text-[0.9375rem]",
  lg: "h-13 px-7 text-base [&_svg]:size-5",
};

/** Button look, also for links that should read as buttons. */
export function buttonClasses({ variant = "primary", size = "md", block }: ButtonStyle = {}) {
  return cx(base, variants[variant], sizes[size], block && "w-full");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyle & {
    loading?: boolean;
  };

export function Button({
  variant,
  size,
  block,
  loading = false,
  className,
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClasses({ variant, size, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
