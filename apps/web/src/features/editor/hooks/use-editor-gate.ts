import { useState } from "react";
import { useSession } from "../../auth/index.ts";
import { editAccessProblem } from "../edit-request.ts";

/**
 * SPEC point 6's plan gate on "Edit with AI": `open()` says whether the editor may open, and
 * otherwise keeps the plan message to show beside the button. The message goes once the
 * user's plan allows edits (after an upgrade, say) or when `clear()` is called.
 */
export function useEditorGate() {
  const { user } = useSession();
  const [refused, setRefused] = useState(false);

  const open = (): boolean => {
    const problem = editAccessProblem(user);
    setRefused(problem !== null);
    return problem === null;
  };

  return {
    open,
    problem: refused ? editAccessProblem(user) : null,
    clear: () => setRefused(false),
  };
}
