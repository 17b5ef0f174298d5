import { Gauge, Layers } from "lucide-react";
import { StepTitle } from "../studio/step-title.tsx";
import type { ProcessingMethod } from "./processing-method.ts";

const METHODS = [
  { value: "realtime", title: "Realtime", description: "Faster but less accurate", Icon: Gauge },
  { value: "queue", title: "Queue", description: "Higher quality but slower", Icon: Layers },
] as const;

type MethodPickerProps = {
  value: ProcessingMethod;
  onChange: (value: ProcessingMethod) => void;
  /** What the queue does better than realtime with this server's engine, when it says. */
  queueNote?: string | null;
};

const NOTE_ID = "studio-method-note";

export function MethodPicker({ value, onChange, queueNote }: MethodPickerProps) {
  return (
    <fieldset>
      <StepTitle step={3} as="legend">
        Processing method
      </StepTitle>
      <div className="mt-3 grid grid-cols-2 gap-2.5">
        {METHODS.map(({ value: method, title, description, Icon }) => {
          const id = `studio-method-${method}`;
          return (
            <div
              key={method}
              className="relative flex gap-3 rounded-2xl border border-line-strong bg-surface p-3.5 transition-colors hover:border-control has-[:checked]:border-ink has-[:checked]:bg-canvas has-[:checked]:ring-1 has-[:checked]:ring-ink has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-600"
            >
              <input
                id={id}
                type="radio"
                name="method"
                value={method}
                checked={value === method}
                onChange={() => onChange(method)}
                aria-describedby={
                  method === "queue" && queueNote
                    ? `${id}-description ${NOTE_ID}`
                    : `${id}-description`
                }
                className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
              />
              <span
                aria-hidden="true"
                className="mt-0.5 hidden size-8 shrink-0 items-center justify-center rounded-xl bg-sunken text-ink-muted peer-checked:bg-accent-600 peer-checked:text-white min-[26rem]:inline-flex"
              >
                <Icon className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <label htmlFor={id} className="block text-sm font-semibold text-ink">
                  {title}
                </label>
                <span
                  id={`${id}-description`}
                  className="mt-0.5 block text-xs leading-snug text-ink-muted"
                >
                  {description}
                </span>
              </span>
              <span
                aria-hidden="true"
                className="mt-1 size-4 shrink-0 rounded-full border border-control bg-surface peer-checked:border-[5px] peer-checked:border-ink"
              />
            </div>
          );
        })}
      </div>
      {queueNote ? (
        <p id={NOTE_ID} className="mt-2.5 text-xs leading-relaxed text-ink-muted">
          {queueNote}
        </p>
      ) : null}
    </fieldset>
  );
}
