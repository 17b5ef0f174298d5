import { PASSWORD_RULES } from "@backdrop/shared";
import { Check } from "lucide-react";
import { cx } from "../../../lib/cx.ts";

type PasswordChecklistProps = { id: string; password: string };

/**
 * SPEC point 2: the password's requirements, ticked off as they are met. Each line is its
 * own atomic part of a polite live region, so a screen reader hears the one line that
 * changed ("A number, done") rather than the whole list on every keystroke.
 */
export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  return (
    <div id={id} className="mt-3">
      <p className="sr-only">Your password needs:</p>
      <ul
        aria-live="polite"
        className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]"
      >
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              aria-atomic="true"
              data-met={met}
              className={cx(
                "flex items-center gap-2 transition-colors",
                met ? "text-success-600" : "text-ink-subtle",
              )}
            >
              <span
                aria-hidden="true"
                className={cx(
                  "inline-flex size-4 shrink-0 items-center justify-center rounded-full border transition-colors",
                  met ? "border-success-600 bg-success-600 text-white" : "border-control",
                )}
              >
                {met && <Check className="size-3" strokeWidth={3} />}
              </span>
              <span>
                {rule.label}
                <span className="sr-only">{met ? ", done" : ", not yet"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
