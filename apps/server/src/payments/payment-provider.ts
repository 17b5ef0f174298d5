import type { TokenPack, TPaidPlanId, TPaymentSessionResponse } from "@backdrop/shared";

/** Who a provider acts for: the signed-in user and what the provider knows them by. */
export type BillingCustomer = {
  userId: string;
  email: string;
  customerId: string | null;
  subscriptionId: string | null;
};

export type HostedSession = { sessionId: string; url: string };

export type CheckoutSession = TPaymentSessionResponse & { userId: string };

/** What changing to `planId` does now: the charge and the tokens (docs/decisions.md). */
export type PlanChangeQuote = {
  planId: TPaidPlanId;
  /** The highest plan the running period is paid at: changes are measured from it. */
  paidPlanId: TPaidPlanId;
  chargeCents: number;
  tokens: number;
};

/**
 * A card payment provider with hosted checkout and portal (ARCHITECTURE point 1). Calls that
 * change a subscription report the change back through the billing service, the way the
 * provider's webhooks would, so both adapters share one path to the database.
 */
export type PaymentProvider = {
  id: "sandbox" | "stripe";
  createSubscriptionCheckout(
    customer: BillingCustomer,
    planId: TPaidPlanId,
  ): Promise<HostedSession>;
  createPackCheckout(customer: BillingCustomer, pack: TokenPack): Promise<HostedSession>;
  createPortalSession(customer: BillingCustomer): Promise<{ url: string }>;
  cancelAtPeriodEnd(customer: BillingCustomer): Promise<void>;
  reactivate(customer: BillingCustomer): Promise<void>;
  /**
   * Ends the running subscription now, not at the period's end, with no refund of the rest of
   * the period (the account is being deleted). Nothing running is not an error.
   */
  cancelNow(customer: BillingCustomer): Promise<void>;
  /** The figures of changing to `planId` at `at` (epoch ms, now or a quote's time). */
  previewPlanChange(
    customer: BillingCustomer,
    planId: TPaidPlanId,
    at: number,
  ): Promise<PlanChangeQuote>;
  /** Changes plan now, charged and credited as a quote made at `at` says. */
  changePlan(customer: BillingCustomer, planId: TPaidPlanId, at: number): Promise<void>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSession | null>;
};
