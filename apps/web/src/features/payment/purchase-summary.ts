import { formatUsd, PLANS, type TPaymentSessionResponse } from "@backdrop/shared";
import { formatNumber } from "../../lib/format.ts";

/** What the person paid for, in one sentence for the success page. */
export function purchaseSummary(session: TPaymentSessionResponse): string {
  const paid = formatUsd(session.amountCents);
  if (session.kind === "subscription" && session.planId) {
    const plan = PLANS[session.planId];
    return `Your ${plan.name} plan is active: ${plan.tokensPerMonth} tokens were added to your balance for ${paid}.`;
  }
  return `${formatNumber(session.tokenCount ?? 0)} tokens were added to your balance for ${paid}.`;
}
