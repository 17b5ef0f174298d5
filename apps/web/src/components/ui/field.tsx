import type {
  InputHTMLAttributes,
  LabelHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { cx } from "../../lib/cx.ts";

const control =
  "block w-full rounded-xl border border-control bg-surface px-3.5 text-[0.9375rem] text-ink shadow-xs transition-colors placeholder:text-ink-subtle hover:border-ink-subtle focus-visible:border-accent-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:bg-sunken aria-[invalid=true]:border-danger-600 aria-[invalid=true]:focus-visible:outline-danger-600";

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cx("block text-sm font-semibold text-ink", className)} {...rest} />;
}

export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-ink-subtle">
      {children}
    </p>
  );
}

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cx(control, "h-11", className)} {...rest} />;
}

export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cx(control, "min-h-32 resize-y py-2.5 leading-relaxed", className)}
      {...rest}
    />
  );
}

export function Select({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="relative">
      <select className={cx(control, "h-11 appearance-none pr-10", className)} {...rest}>
        {children}
      </select>
      <svg
        viewBox="0 0 16 16"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-muted"
      >
        <path
          d="m4 6 4 4 4-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}

/** The form-level validation message, announced when it appears. */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert" aria-live="assertive" className="empty:hidden">
      {message && (
        <p className="flex items-start gap-2 rounded-xl border border-danger-600/25 bg-danger-50 px-3.5 py-2.5 text-sm font-medium text-danger-600">
          <svg viewBox="0 0 16 16" aria-hidden="true" className="mt-0.5 size-4 shrink-0">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path
              d="M8 4.5v4M8 10.75v.5"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
          {message}
        </p>
      )}
    </div>
  );
}
