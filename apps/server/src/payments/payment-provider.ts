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
  changePlan(customer: BillingCustomer, planId: TPaidPlanId): Promise<void>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSession | null>;
};
