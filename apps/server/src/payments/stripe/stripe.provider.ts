import { randomUUID } from "node:crypto";
import { isPaidPlanId, PLANS, type TPaidPlanId } from "@backdrop/shared";
import Stripe from "stripe";
import type { Clock } from "../../lib/clock.ts";
import type { BillingRepository } from "../../repositories/billing.repository.ts";
import type { BillingEvents } from "../billing-events.ts";
import type { BillingCustomer, CheckoutSession, PaymentProvider } from "../payment-provider.ts";
import { isAbove, remainingFraction, upgradeTokens } from "../proration.ts";
import { idOf, type StripePrices } from "./stripe-prices.ts";
import { snapshotOf } from "./stripe-subscriptions.ts";

/** Stripe answered something our billing cannot act on. */
export class StripeProviderError extends Error {
  override name = "StripeProviderError";
}

const CHECKOUT_STATUSES = new Set(["open", "complete", "expired"]);
const SESSION_ID = /^cs_[A-Za-z0-9_]+$/;
/** A subscription in these states bills nothing more: nothing to cancel. */
const ENDED_STATUSES = new Set<string>(["canceled", "incomplete_expired"]);

export type StripeProvider = PaymentProvider & { id: "stripe" };

export function createStripeProvider({
  stripe,
  prices,
  billing,
  events,
  clock,
  appUrl,
}: {
  stripe: Stripe;
  prices: StripePrices;
  billing: BillingRepository;
  events: BillingEvents;
  clock: Clock;
  appUrl: string;
}): StripeProvider {
  const urls = {
    success_url: `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/payment-cancelled`,
  };

  /** One Stripe customer per user, created on the first checkout and kept on the profile. */
  async function customerIdOf(customer: BillingCustomer): Promise<string> {
    if (customer.customerId) return customer.customerId;
    const created = await stripe.customers.create(
      { email: customer.email, metadata: { userId: customer.userId } },
      // A double click within Stripe's idempotency window yields the same customer.
      { idempotencyKey: `customer-${customer.userId}` },
    );
    await billing.transaction((tx) => tx.setCustomer(customer.userId, created.id, clock.now()));
    return created.id;
  }

  function hosted(session: Stripe.Checkout.Session) {
    if (!session.url) throw new StripeProviderError(`Checkout session ${session.id} has no url`);
    return { sessionId: session.id, url: session.url };
  }

  async function runningSubscription(customer: BillingCustomer) {
    if (!customer.subscriptionId) throw new StripeProviderError("No subscription to change");
    return stripe.subscriptions.retrieve(customer.subscriptionId);
  }

  /**
   * A change to `planId` at `at`, measured as Stripe will bill it: from the period's paid plan,
   * each proration line rounded to the cent on its own, over the item's current period.
   */
  async function measure(customer: BillingCustomer, planId: TPaidPlanId, at: number) {
    const current = await runningSubscription(customer);
    const item = current.items.data[0];
    const shown = item ? prices.planOf(idOf(item.price) ?? "") : undefined;
    const paid = (await events.paidPlanOf(customer.userId)) ?? shown;
    if (!item || !paid) throw new StripeProviderError(`Subscription ${current.id} has no plan`);
    const fraction = remainingFraction(
      item.current_period_start,
      item.current_period_end,
      Math.floor(at / 1000),
    );
    const line = (plan: TPaidPlanId) => Math.round(PLANS[plan].priceCents * fraction);
    const chargeCents = isAbove(planId, paid) ? line(planId) - line(paid) : 0;
    return { current, paid, fraction, chargeCents };
  }

  /**
   * Mirrors what Stripe answered at once, so the endpoint can report the new state; the
   * webhook that follows finds the same state. Tokens move only through webhooks.
   */
  async function mirror(customer: BillingCustomer, subscription: Stripe.Subscription) {
    const observedAt = clock.now();
    const snapshot = snapshotOf(subscription, prices, observedAt);
    if (!snapshot) throw new StripeProviderError(`Subscription ${subscription.id} has no plan`);
    await events.apply(`sync_${subscription.id}_${randomUUID()}`, customer.userId, [
      { type: "subscription", snapshot },
    ]);
  }

  return {
    id: "stripe",

    async createSubscriptionCheckout(customer, planId) {
      const { userId } = customer;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          customer: await customerIdOf(customer),
          client_reference_id: userId,
          line_items: [{ price: prices.ofPlan(planId), quantity: 1 }],
          subscription_data: { metadata: { userId, plan: planId } },
          metadata: { userId, kind: "subscription", plan: planId },
          ...urls,
        },
        { idempotencyKey: `checkout-${userId}-${randomUUID()}` },
      );
      return hosted(session);
    },

    async createPackCheckout(customer, pack) {
      const { userId } = customer;
      const price = prices.ofPack(pack.tokens);
      if (!price) throw new StripeProviderError(`No Stripe price for the ${pack.tokens} pack`);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          customer: await customerIdOf(customer),
          client_reference_id: userId,
          line_items: [{ price, quantity: 1 }],
          metadata: { userId, kind: "token_pack", tokens: String(pack.tokens) },
          payment_intent_data: { metadata: { userId } },
          ...urls,
        },
        { idempotencyKey: `pack-${userId}-${randomUUID()}` },
      );
      return hosted(session);
    },

    async createPortalSession(customer) {
      const session = await stripe.billingPortal.sessions.create({
        customer: await customerIdOf(customer),
        return_url: `${appUrl}/pricing`,
      });
      return { url: session.url };
    },

    async cancelAtPeriodEnd(customer) {
      const current = await runningSubscription(customer);
      const updated = await stripe.subscriptions.update(current.id, {
        cancel_at_period_end: true,
      });
      await mirror(customer, updated);
    },

    async cancelNow(customer) {
      if (!customer.subscriptionId) return;
      let current: Stripe.Subscription;
      try {
        current = await stripe.subscriptions.retrieve(customer.subscriptionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return;
        }
        throw error;
      }
      if (ENDED_STATUSES.has(current.status)) return;
      // Now, not at the period's end; Stripe neither prorates nor refunds by default.
      const canceled = await stripe.subscriptions.cancel(current.id, undefined, {
        idempotencyKey: `cancel-now-${current.id}`,
      });
      await mirror(customer, canceled);
    },

    async reactivate(customer) {
      const current = await runningSubscription(customer);
      const updated = await stripe.subscriptions.update(current.id, {
        cancel_at_period_end: false,
        ...(current.cancel_at !== null ? { cancel_at: "" as const } : {}),
      });
      await mirror(customer, updated);
    },

    async previewPlanChange(customer, planId, at) {
      const { paid, chargeCents, fraction } = await measure(customer, planId, at);
      const tokens = upgradeTokens(paid, planId, fraction, chargeCents);
      return { planId, paidPlanId: paid, chargeCents, tokens };
    },

    async changePlan(customer, planId, at) {
      const { current, paid } = await measure(customer, planId, at);
      const item = current.items.data[0];
      if (!item) throw new StripeProviderError(`Subscription ${current.id} has no item`);
      const prorationDate = Math.floor(at / 1000);
      const update = (price: TPaidPlanId, charged: boolean) =>
        stripe.subscriptions.update(
          current.id,
          {
            items: [{ id: item.id, price: prices.ofPlan(price) }],
            // Only a move above the plan this period is paid at is charged (proration.ts).
            proration_behavior: charged ? "always_invoice" : "none",
            ...(charged
              ? { payment_behavior: "pending_if_incomplete", proration_date: prorationDate }
              : {}),
            metadata: { plan: price },
          },
          { idempotencyKey: `plan-${current.id}-${price}-${prorationDate}` },
        );
      if (!isAbove(planId, paid)) {
        await mirror(customer, await update(planId, false));
        return;
      }
      // Back to the paid plan first, free, so that Stripe charges the move from it.
      if (prices.planOf(idOf(item.price) ?? "") !== paid) await update(paid, false);
      const updated = await update(planId, true);
      // The difference could not be charged: Stripe kept the old plan and so do we.
      if (updated.pending_update) {
        throw new StripeProviderError(`The plan change of ${current.id} awaits payment`);
      }
      await mirror(customer, updated);
    },

    async getCheckoutSession(sessionId): Promise<CheckoutSession | null> {
      if (!SESSION_ID.test(sessionId)) return null;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }
      const userId = session.metadata?.userId ?? session.client_reference_id;
      const status = session.status ?? "open";
      if (!userId || !CHECKOUT_STATUSES.has(status)) return null;
      const kind = session.mode === "subscription" ? "subscription" : "token_pack";
      const plan = session.metadata?.plan;
      const tokens = Number(session.metadata?.tokens);
      return {
        sessionId: session.id,
        userId,
        status: status as CheckoutSession["status"],
        kind,
        planId: kind === "subscription" && isPaidPlanId(plan) ? (plan as TPaidPlanId) : null,
        tokenCount: kind === "token_pack" && Number.isInteger(tokens) ? tokens : null,
        amountCents: session.amount_total ?? 0,
      };
    },
  };
}
