import { PASSWORD_RULES } from "@backdrop/shared";
import { CircleCheck } from "lucide-react";

type PasswordChecklistProps = { id: string; password: string };

/** What a screen reader hears when the list changes: how much is left, not every keystroke. */
export function checklistSummary(unmet: number): string {
  if (unmet === 0) return "Your password meets every requirement.";
  return unmet === 1 ? "1 requirement left." : `${unmet} requirements left.`;
}

/**
 * SPEC point 2's live checklist, showing only the requirements the password does not meet
 * yet: a rule disappears as soon as it is met, and a line says when none is left. The list
 * itself is not a live region (a removed line is not read out); a polite line says how many
 * are left when that number changes.
 */
export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  const unmet = PASSWORD_RULES.filter((rule) => !rule.test(password));
  return (
    <div id={id} className="mt-3 text-sm">
      <p aria-live="polite" className="sr-only">
        {checklistSummary(unmet.length)}
      </p>
      {unmet.length === 0 ? (
        <p className="flex items-center gap-2 font-medium text-success-600">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          Meets every requirement
        </p>
      ) : (
        <>
          <p className="text-ink-muted">Still needed:</p>
          <ul className="mt-1.5 grid gap-x-4 gap-y-1.5 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
            {unmet.map((rule) => (
              <li key={rule.id} className="flex items-center gap-2 text-ink-subtle">
                <span
                  aria-hidden="true"
                  className="inline-flex size-4 shrink-0 rounded-full border border-control"
                />
                {rule.label}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
