import type { TPaidPlanId } from "@backdrop/shared";

/** The provider's subscription as it stood at `observedAt`. */
export type SubscriptionSnapshot = {
  subscriptionId: string;
  planId: TPaidPlanId;
  /** `active`, `canceling` (ends at the period's end), `canceled` (ended), or the provider's. */
  status: string;
  periodStart: number;
  periodEnd: number;
  observedAt: number;
};

/** One consequence of a payment event; an event is a list of these, applied together. */
export type BillingEffect =
  | { type: "customer"; customerId: string }
  | { type: "subscription"; snapshot: SubscriptionSnapshot }
  /** First invoice or renewal: the month's tokens replace what is left; paid at `planId`. */
  | { type: "period-grant"; planId: TPaidPlanId; key: string }
  /**
   * A change of plan with `fraction` of the period left, for which the provider charged
   * `chargedCents`: tokens only for a move above the period's paid plan (see proration.ts).
   */
  | { type: "plan-change"; to: TPaidPlanId; fraction: number; chargedCents: number; key: string }
  | { type: "token-pack"; tokens: number; key: string };

/** What payment adapters report to: implemented by services/billing-events.service.ts. */
export type BillingEvents = {
  /**
   * Applies an event's effects exactly once: its id is stored in the same transaction, so a
   * replay changes nothing. Answers false for a replay.
   */
  apply(eventId: string, userId: string, effects: readonly BillingEffect[]): Promise<boolean>;
  /** The plan the user's running period is paid at: what a plan change is measured from. */
  paidPlanOf(userId: string): Promise<TPaidPlanId | null>;
};
