import {
  GENERATION_MESSAGES,
  PLANS,
  type TCurrentUser,
  TOKEN_COSTS,
  type TPlanId,
} from "@backdrop/shared";

export type EditProblemKind = "prompt" | "plan" | "tokens" | "server";
export type EditProblem = Readonly<{ kind: EditProblemKind; message: string }>;

export function planAllowsEdits(planId: TPlanId): boolean {
  return planId !== "free" && PLANS[planId].aiEdits;
}

/**
 * SPEC point 6: free and starter plans have no AI edits, and "Edit with AI" says so at once
 * rather than opening the editor. Without the user's details yet, it is left to the server.
 */
export function editAccessProblem(user: TCurrentUser | null): EditProblem | null {
  if (!user || planAllowsEdits(user.subscriptionPlanId)) return null;
  return { kind: "plan", message: GENERATION_MESSAGES.editsNeedUpgrade };
}

/**
 * SPEC point 5 "AI edit", in the spec's order: a prompt, a plan with AI edits, 2 tokens.
 * Without the user's details yet, plan and tokens are left to the server.
 */
export function checkEdit(
  prompt: string,
  user: TCurrentUser | null,
  tokenCount: number,
): EditProblem | null {
  if (prompt.trim() === "") {
    return { kind: "prompt", message: GENERATION_MESSAGES.editPromptRequired };
  }
  const plan = editAccessProblem(user);
  if (plan) return plan;
  if (user && tokenCount < TOKEN_COSTS.edit) {
    return { kind: "tokens", message: GENERATION_MESSAGES.notEnoughTokensToEdit };
  }
  return null;
}
