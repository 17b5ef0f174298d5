import { PROMPT_MAX_LENGTH } from "@backdrop/shared";
import { Textarea } from "../../../components/ui/field.tsx";
import { StepTitle } from "../studio/step-title.tsx";
import { PROMPT_INPUT_ID } from "../studio/studio-ids.ts";
import { EXAMPLE_PROMPTS } from "./example-prompts.ts";

type PromptFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Shown when Generate was pressed without a prompt. */
  error?: string | null;
};

export function PromptField({ value, onChange, error = null }: PromptFieldProps) {
  return (
    <div>
      <StepTitle step={2} as="label" htmlFor={PROMPT_INPUT_ID}>
        Describe the new background
      </StepTitle>
      <Textarea
        id={PROMPT_INPUT_ID}
        name="prompt"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="e.g. On a marble counter, morning light"
        aria-describedby={error ? "studio-prompt-error studio-prompt-hint" : "studio-prompt-hint"}
        aria-invalid={error ? true : undefined}
        maxLength={PROMPT_MAX_LENGTH}
        className="mt-3 min-h-24"
        rows={3}
      />
      <p
        id="studio-prompt-error"
        role="alert"
        className="mt-2 text-sm font-medium text-danger-600 empty:hidden"
      >
        {error}
      </p>
      <p id="studio-prompt-hint" className="mt-2 text-xs text-ink-subtle">
        Name a place, a surface and the light. Short phrases work best.
      </p>
      <div className="mt-3">
        <p
          id="studio-examples"
          className="text-xs font-semibold tracking-wide text-ink-subtle uppercase"
        >
          Try an example
        </p>
        <ul aria-labelledby="studio-examples" className="mt-2 flex flex-wrap gap-2">
          {EXAMPLE_PROMPTS.map((example) => (
            <li key={example.prompt}>
              <button
                type="button"
                onClick={() => onChange(example.prompt)}
                data-selected={value === example.prompt}
                className="inline-flex items-center gap-2 rounded-full border border-line-strong bg-surface py-1 pr-3 pl-1 text-left text-[0.8125rem] font-medium text-ink-muted transition-colors hover:border-control hover:text-ink data-[selected=true]:border-ink data-[selected=true]:bg-ink data-[selected=true]:text-white"
              >
                <span
                  aria-hidden="true"
                  className="size-5 shrink-0 rounded-full ring-1 ring-black/10"
                  style={{ background: example.swatch }}
                />
                {example.prompt}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
