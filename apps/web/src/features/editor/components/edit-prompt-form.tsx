import { TOKEN_COSTS } from "@backdrop/shared";
import { Coins, Lightbulb, Wand2 } from "lucide-react";
import type { FormEvent } from "react";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Label, Textarea } from "../../../components/ui/field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { EditProblem } from "../edit-request.ts";
import { EDIT_TIPS } from "../edit-tips.ts";
import { isSubmitShortcut, modifierLabel } from "../shortcuts.ts";
import { PlansWithEditsLink } from "./edit-upgrade-alert.tsx";

type EditPromptFormProps = {
  prompt: string;
  onPromptChange(prompt: string): void;
  onSubmit(): void;
  busy: boolean;
  problem: EditProblem | null;
  tokenCount: number;
};

export const PROMPT_ID = "ai-edit-prompt";

function focusPrompt() {
  document.getElementById(PROMPT_ID)?.focus();
}

export function EditPromptForm(props: EditPromptFormProps) {
  const { prompt, onPromptChange, onSubmit, busy, problem, tokenCount } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div>
        <Label htmlFor={PROMPT_ID}>Describe your edit</Label>
        <Textarea
          id={PROMPT_ID}
          name="prompt"
          value={prompt}
          onChange={(event) => onPromptChange(event.target.value)}
          onKeyDown={(event) => {
            if (!isSubmitShortcut(event)) return;
            event.preventDefault();
            onSubmit();
          }}
          // read-only rather than disabled while editing, so focus stays where it was
          readOnly={busy}
          aria-invalid={problem?.kind === "prompt" || undefined}
          aria-describedby="ai-edit-hint ai-edit-alert"
          placeholder="e.g. Make it sunset"
          rows={4}
          className="mt-2 min-h-28 read-only:bg-sunken read-only:text-ink-muted"
        />
        <p id="ai-edit-hint" className="mt-1.5 text-xs text-ink-subtle">
          One change at a time works best.
          <span className="max-md:hidden"> {modifierLabel()}+Enter applies it.</span>
        </p>
      </div>
      <EditAlert problem={problem} />
      <div>
        {/* aria-disabled keeps the button focusable while the edit runs */}
        <button
          type="submit"
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          className={buttonClasses({ variant: "accent", size: "lg", block: true })}
        >
          {busy ? <Spinner /> : <Wand2 aria-hidden="true" />}
          {busy ? "Editing…" : "Edit Image"}
        </button>
        <p className="mt-2.5 flex items-center justify-center gap-1.5 text-xs text-ink-subtle">
          <Coins aria-hidden="true" className="size-3.5" />
          Each edit costs {TOKEN_COSTS.edit} tokens · you have {tokenCount}
        </p>
      </div>
      <EditTips
        disabled={busy}
        onPick={(tip) => {
          onPromptChange(tip);
          focusPrompt();
        }}
      />
    </form>
  );
}

function EditAlert({ problem }: { problem: EditProblem | null }) {
  return (
    <div id="ai-edit-alert" role="alert" aria-live="assertive" className="empty:hidden">
      {problem && (
        <div className="rounded-xl border border-danger-600/25 bg-danger-50 px-3.5 py-2.5 text-sm font-medium text-danger-600">
          <p>{problem.message}</p>
          {problem.kind === "plan" && <PlansWithEditsLink />}
        </div>
      )}
    </div>
  );
}

function EditTips({ disabled, onPick }: { disabled: boolean; onPick(tip: string): void }) {
  return (
    <aside aria-labelledby="ai-edit-tips" className="rounded-2xl bg-canvas p-4 ring-1 ring-line">
      <h3
        id="ai-edit-tips"
        className="flex items-center gap-2 font-sans text-sm font-semibold text-ink"
      >
        <Lightbulb aria-hidden="true" className="size-4 text-accent-600" />
        Tips: try one of these
      </h3>
      <ul className="mt-2.5 flex flex-col gap-1">
        {EDIT_TIPS.map((tip) => (
          <li key={tip}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(tip)}
              className="flex w-full items-start gap-2.5 rounded-lg px-2 py-1.5 text-left text-sm text-ink-muted transition-colors hover:bg-sunken hover:text-ink disabled:cursor-not-allowed disabled:opacity-55"
            >
              <span
                aria-hidden="true"
                className="mt-2 size-1.5 shrink-0 rounded-full bg-accent-500"
              />
              {tip}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
