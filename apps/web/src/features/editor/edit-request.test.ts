import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { testUser } from "../../test/render-route.tsx";
import { checkEdit, editAccessProblem } from "./edit-request.ts";

const pro = testUser({ subscriptionPlanId: "pro" }).details;

describe("checks before an AI edit", () => {
  it("needs a prompt first", () => {
    expect(checkEdit("   ", pro, 100)).toEqual({ kind: "prompt", message: M.editPromptRequired });
  });

  it("refuses the free and starter plans", () => {
    for (const plan of ["free", "starter"] as const) {
      const user = testUser({ subscriptionPlanId: plan }).details;
      expect(checkEdit("warmer", user, 100)).toEqual({ kind: "plan", message: M.editsNeedUpgrade });
    }
  });

  it("needs 2 tokens", () => {
    expect(checkEdit("warmer", pro, 1)).toEqual({
      kind: "tokens",
      message: M.notEnoughTokensToEdit,
    });
    expect(checkEdit("warmer", pro, 2)).toBeNull();
  });

  it("tells free and starter users before the editor opens, and lets pro, elite through", () => {
    for (const plan of ["free", "starter"] as const) {
      const user = testUser({ subscriptionPlanId: plan }).details;
      expect(editAccessProblem(user)).toEqual({ kind: "plan", message: M.editsNeedUpgrade });
    }
    const elite = testUser({ subscriptionPlanId: "elite" }).details;
    expect(editAccessProblem(pro)).toBeNull();
    expect(editAccessProblem(elite)).toBeNull();
    // Before the user's details arrive the server decides.
    expect(editAccessProblem(null)).toBeNull();
  });

  it("lets pro and elite users through", () => {
    const elite = testUser({ subscriptionPlanId: "elite" }).details;
    expect(checkEdit("warmer", elite, 50)).toBeNull();
  });
});
