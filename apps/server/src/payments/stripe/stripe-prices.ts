import { isPaidPlanId, type TPaidPlanId } from "@backdrop/shared";
import type { StripeConfig } from "../../config/index.ts";

/** Both directions between our catalogue and the Stripe price ids of the configuration. */
export type StripePrices = {
  ofPlan(planId: TPaidPlanId): string;
  ofPack(tokens: number): string | undefined;
  /** The plan a subscription price belongs to; undefined for a price we did not configure. */
  planOf(priceId: string): TPaidPlanId | undefined;
};

export function stripePrices(
  config: Pick<StripeConfig, "planPrices" | "packPrices">,
): StripePrices {
  const plans = new Map<string, TPaidPlanId>();
  for (const [planId, priceId] of Object.entries(config.planPrices)) {
    if (isPaidPlanId(planId)) plans.set(priceId, planId);
  }
  return {
    ofPlan: (planId) => config.planPrices[planId],
    ofPack: (tokens) => config.packPrices[tokens],
    planOf: (priceId) => plans.get(priceId),
  };
}

/** A Stripe reference that may arrive expanded into its object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : value.id;
}
