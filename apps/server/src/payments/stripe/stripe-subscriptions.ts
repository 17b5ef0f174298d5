import type Stripe from "stripe";
import type { SubscriptionSnapshot } from "../billing-events.ts";
import { idOf, type StripePrices } from "./stripe-prices.ts";

const ENDED = new Set(["canceled", "incomplete_expired"]);
const RUNNING = new Set(["active", "trialing"]);

/**
 * Our status for a Stripe subscription. Since the 2025 API versions a scheduled end can be
 * `cancel_at` instead of `cancel_at_period_end`; both mean "canceling".
 */
export function statusOf(subscription: Stripe.Subscription): string {
  if (ENDED.has(subscription.status)) return "canceled";
  if (!RUNNING.has(subscription.status)) return subscription.status;
  const scheduled = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  return scheduled ? "canceling" : "active";
}

const ms = (seconds: number) => seconds * 1000;

/**
 * The subscription as our billing mirrors it, or null when its price is none of our plans.
 * Period dates live on the subscription item in current API versions.
 */
export function snapshotOf(
  subscription: Stripe.Subscription,
  prices: StripePrices,
  observedAt: number,
): SubscriptionSnapshot | null {
  const item = subscription.items.data[0];
  const planId = item ? prices.planOf(idOf(item.price) ?? "") : undefined;
  if (!item || !planId) return null;
  const status = statusOf(subscription);
  const scheduledEnd = typeof subscription.cancel_at === "number" ? subscription.cancel_at : null;
  const end =
    status === "canceled"
      ? (subscription.ended_at ?? item.current_period_end)
      : (scheduledEnd ?? item.current_period_end);
  return {
    subscriptionId: subscription.id,
    planId,
    status,
    periodStart: ms(item.current_period_start),
    periodEnd: ms(end),
    observedAt,
  };
}
