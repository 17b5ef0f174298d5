import { PLANS, type TPaidPlanId } from "@backdrop/shared";

/** The share of the period still to run at `at`, between 0 and 1. */
export function remainingFraction(periodStart: number, periodEnd: number, at: number): number {
  if (periodEnd <= periodStart) return 0;
  return Math.min(1, Math.max(0, (periodEnd - at) / (periodEnd - periodStart)));
}

/**
 * Monthly tokens gained (or, on a downgrade, given up) by changing plan with `fraction` of the
 * period left: the difference of the two plans' grants, prorated and rounded.
 */
export function proratedTokenDelta(from: TPaidPlanId, to: TPaidPlanId, fraction: number): number {
  const delta = Math.round((PLANS[to].tokensPerMonth - PLANS[from].tokensPerMonth) * fraction);
  return delta + 0;
}

/** What changing plan costs now in cents; negative is a credit for the unused time. */
export function proratedChargeCents(from: TPaidPlanId, to: TPaidPlanId, fraction: number): number {
  return Math.round((PLANS[to].priceCents - PLANS[from].priceCents) * fraction) + 0;
}
