import type { ReactNode } from "react";

type StepTitleProps = {
  step: number;
  id?: string;
  htmlFor?: string;
  as?: "label" | "legend" | "p";
  children: ReactNode;
};

function StepNumber({ step }: { step: number }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-ink font-mono text-xs font-bold text-white"
    >
      {step}
    </span>
  );
}

const row = "flex items-center gap-2.5 text-[0.9375rem] font-semibold text-ink";

/** A numbered title for one step of the studio form; the number stays out of the label. */
export function StepTitle({ step, id, htmlFor, as = "p", children }: StepTitleProps) {
  if (as === "legend") {
    // a legend has to be the fieldset's first child, so the number goes inside it
    return (
      <legend className={row}>
        <StepNumber step={step} />
        <span id={id}>{children}</span>
      </legend>
    );
  }
  return (
    <div className={row}>
      <StepNumber step={step} />
      {as === "label" ? (
        <label id={id} htmlFor={htmlFor}>
          {children}
        </label>
      ) : (
        <p id={id}>{children}</p>
      )}
    </div>
  );
}
