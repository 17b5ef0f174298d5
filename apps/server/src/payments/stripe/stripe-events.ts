import { findTokenPack, type TPaidPlanId } from "@backdrop/shared";
import type Stripe from "stripe";
import type { BillingEffect } from "../billing-events.ts";
import { remainingFraction } from "../proration.ts";
import { idOf, type StripePrices } from "./stripe-prices.ts";

/** What one event asks of our billing: whose account, which subscription to mirror, and how. */
export type EventPlan = {
  /** From our own metadata on the Stripe object, else found by the customer id. */
  userId: string | null;
  customerId: string | null;
  /** A subscription whose current state is re-read from Stripe and mirrored. */
  subscriptionId: string | null;
  /** The effects that depend on the mirrored subscription (null when there is none). */
  effects(subscription: Stripe.Subscription | null): BillingEffect[];
};

const none = () => [];

function proration(line: Stripe.InvoiceLineItem): boolean {
  return line.parent?.subscription_item_details?.proration === true;
}

function planOfLine(line: Stripe.InvoiceLineItem, prices: StripePrices): TPaidPlanId | undefined {
  return prices.planOf(idOf(line.pricing?.price_details?.price) ?? "");
}

/**
 * A finished checkout. A token pack is credited once its payment has gone through: at once for
 * a card (`completed`, paid), later for a delayed method (`completed` unpaid, then
 * `async_payment_succeeded`). Both name the session, so the ledger key `pack:<session id>`
 * credits it once whichever of them arrive.
 */
function checkoutCompleted(session: Stripe.Checkout.Session): EventPlan | null {
  const base = {
    userId: session.metadata?.userId ?? session.client_reference_id,
    customerId: idOf(session.customer),
  };
  if (session.mode === "subscription") {
    return { ...base, subscriptionId: idOf(session.subscription), effects: none };
  }
  const pack = findTokenPack(Number(session.metadata?.tokens));
  if (session.metadata?.kind !== "token_pack" || session.payment_status !== "paid" || !pack) {
    return null;
  }
  return {
    ...base,
    subscriptionId: null,
    // The catalogue's count, never a number taken from the event.
    effects: () => [{ type: "token-pack", tokens: pack.tokens, key: `pack:${session.id}` }],
  };
}

/** A paid subscription invoice: its billing_reason says first month, renewal or plan change. */
function invoicePaid(invoice: Stripe.Invoice, prices: StripePrices): EventPlan | null {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!details || !subscriptionId) return null;
  const key = `invoice:${invoice.id}`;
  const lines = invoice.lines.data;
  const base = {
    userId: details.metadata?.userId ?? null,
    customerId: idOf(invoice.customer),
    subscriptionId,
  };
  switch (invoice.billing_reason) {
    case "subscription_create":
    case "subscription_cycle": {
      const line = lines.find((candidate) => !proration(candidate));
      const planId = line ? planOfLine(line, prices) : undefined;
      if (!planId) return null;
      return { ...base, effects: () => [{ type: "period-grant", planId, key }] };
    }
    case "subscription_update": {
      const credited = lines.find((line) => proration(line) && line.amount < 0);
      const charged = lines.find((line) => proration(line) && line.amount >= 0);
      const from = credited && planOfLine(credited, prices);
      const to = charged && planOfLine(charged, prices);
      if (!charged || !from || !to || from === to) return null;
      // What the change actually cost: the proration lines together (a credit is negative).
      const chargedCents = lines.filter(proration).reduce((sum, line) => sum + line.amount, 0);
      return {
        ...base,
        effects(subscription) {
          const item = subscription?.items.data[0];
          if (!item) return [];
          // The proration line runs from the change to the period's end.
          const fraction = remainingFraction(
            item.current_period_start,
            item.current_period_end,
            charged.period.start,
          );
          return [{ type: "plan-change", to, fraction, chargedCents, key }];
        },
      };
    }
    default:
      return null;
  }
}

function subscriptionChanged(subscription: Stripe.Subscription): EventPlan {
  return {
    userId: subscription.metadata?.userId ?? null,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    effects: none,
  };
}

/** The events we act on; any other type, or one that is not ours, answers null. */
export function planEvent(event: Stripe.Event, prices: StripePrices): EventPlan | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutCompleted(event.data.object);
    case "invoice.paid":
      return invoicePaid(event.data.object, prices);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionChanged(event.data.object);
    default:
      return null;
  }
}
