import { PLAN_LIST } from "@backdrop/shared";
import { useSession } from "../../auth/index.ts";
import { editAccessProblem } from "../edit-request.ts";

/** The first plan, in the catalogue's order, that has AI edits: "Pro". */
export const FIRST_PLAN_WITH_EDITS = PLAN_LIST.find((plan) => plan.aiEdits)?.name ?? "Pro";

/**
 * Whether the user's plan lacks AI edits, known before "Edit with AI" is pressed, so the
 * button can show the lock and the plan that opens it (SPEC point 6's refusal still follows
 * a press).
 */
export function useEditLock(): { locked: boolean; plan: string } {
  const { user } = useSession();
  return { locked: editAccessProblem(user) !== null, plan: FIRST_PLAN_WITH_EDITS };
}
