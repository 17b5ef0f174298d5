import { Check } from "lucide-react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cx } from "../../../lib/cx.ts";
import type { SubjectStatus } from "./use-subject-status.ts";

const chip =
  "inline-flex items-center gap-1.5 rounded-full bg-surface/90 px-2.5 py-1 text-xs font-medium shadow-card ring-1 ring-line backdrop-blur";

/**
 * A quiet note over the picked photo: its subject is being cut out, or is ready (a generation
 * then goes faster). The live region stays in place, so the change to ready is announced.
 */
export function SubjectStatusNote({ status }: { status: SubjectStatus | null }) {
  return (
    <div aria-live="polite" className="absolute top-3 left-3 z-10">
      {status === "preparing" && (
        <span className={cx(chip, "text-ink-muted")}>
          <Spinner className="size-3.5" />
          Preparing subject…
        </span>
      )}
      {status === "ready" && (
        <span className={cx(chip, "text-success-600")}>
          <Check aria-hidden="true" className="size-3.5" strokeWidth={2.5} />
          Subject ready
        </span>
      )}
    </div>
  );
}
