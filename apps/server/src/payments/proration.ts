import { PAID_PLAN_IDS, PLANS, type TPaidPlanId } from "@backdrop/shared";

/** The share of the period still to run at `at`, between 0 and 1. */
export function remainingFraction(periodStart: number, periodEnd: number, at: number): number {
  if (periodEnd <= periodStart) return 0;
  return Math.min(1, Math.max(0, (periodEnd - at) / (periodEnd - periodStart)));
}

/** Whether `plan` is above `than` in the catalogue (price and tokens rise together). */
export function isAbove(plan: TPaidPlanId, than: TPaidPlanId): boolean {
  return PAID_PLAN_IDS.indexOf(plan) > PAID_PLAN_IDS.indexOf(than);
}

/**
 * The rule of plan changes (docs/decisions.md, "Plan changes never mint tokens"): a period is
 * paid for at the highest plan held in it (`paid`). Moving above it is charged the price
 * difference for the time left, and grants the token difference for the time left; any other
 * change costs nothing, credits nothing and moves no token: the new plan's price and tokens
 * start at the next renewal.
 */

/** What moving from the period's paid plan to `to` costs now in cents (the sandbox's charge). */
export function upgradeChargeCents(paid: TPaidPlanId, to: TPaidPlanId, fraction: number): number {
  if (!isAbove(to, paid)) return 0;
  return Math.ceil((PLANS[to].priceCents - PLANS[paid].priceCents) * fraction);
}

/**
 * Tokens granted for moving from the period's paid plan to `to`, given what was actually
 * charged: the token difference for the time left, and never more than the charge buys at the
 * difference's own rate (a provider that rounds its charge down a cent grants a token less).
 */
export function upgradeTokens(
  paid: TPaidPlanId,
  to: TPaidPlanId,
  fraction: number,
  chargedCents: number,
): number {
  if (!isAbove(to, paid) || chargedCents <= 0) return 0;
  const tokens = PLANS[to].tokensPerMonth - PLANS[paid].tokensPerMonth;
  const price = PLANS[to].priceCents - PLANS[paid].priceCents;
  return Math.max(
    0,
    Math.min(Math.floor(tokens * fraction), Math.floor((chargedCents * tokens) / price)),
  );
}
