import { PLANS, type TPaidPlanId } from "@backdrop/shared";

export type ProrationEstimate = { chargeCents: number; tokens: number; daysLeft: number };

const DAY_MS = 86_400_000;

/**
 * What a plan change should cost now, by the server's rule (the price and token difference
 * times the share of the period left). The browser knows only the period's end, so the
 * period is taken to be the calendar month before it: an estimate, labelled as one.
 */
export function estimateProration(
  from: TPaidPlanId,
  to: TPaidPlanId,
  periodEndIso: string,
  now: number,
): ProrationEstimate {
  const end = Date.parse(periodEndIso);
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - 1);
  const length = end - start.getTime();
  const fraction = length > 0 ? Math.min(1, Math.max(0, (end - now) / length)) : 0;
  return {
    chargeCents: Math.round((PLANS[to].priceCents - PLANS[from].priceCents) * fraction) + 0,
    tokens: Math.round((PLANS[to].tokensPerMonth - PLANS[from].tokensPerMonth) * fraction) + 0,
    daysLeft: Math.ceil((fraction * length) / DAY_MS),
  };
}
