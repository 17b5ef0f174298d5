import { Link } from "react-router";
import type { EditProblem } from "../edit-request.ts";

/** The way from an edit refused for the plan to the plans that have AI edits. */
export function PlansWithEditsLink() {
  return (
    <Link
      to="/pricing"
      className="mt-1 inline-block font-semibold text-accent-600 underline underline-offset-3 hover:text-accent-700"
    >
      See plans with AI edits
    </Link>
  );
}

/**
 * What "Edit with AI" shows on a plan without AI edits (SPEC point 6): the spec's message and
 * the way to a plan that has them. Announced when it appears.
 */
export function EditUpgradeAlert({ id, problem }: { id: string; problem: EditProblem | null }) {
  return (
    <div id={id} role="alert" aria-live="assertive" className="empty:hidden">
      {problem && (
        <div className="rounded-xl border border-danger-600/25 bg-danger-50 px-3.5 py-2.5 text-sm font-medium text-danger-600">
          <p>{problem.message}</p>
          <PlansWithEditsLink />
        </div>
      )}
    </div>
  );
}
