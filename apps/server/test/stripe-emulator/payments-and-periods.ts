import type { EmulatedEvent, EmulatorState } from "./emulator-state.ts";
import { invoiceLine, list, monthAfter, newId, type Subscription } from "./stripe-objects.ts";

/**
 * What happens at Stripe outside the API Backdrop calls: the customer pays on the hosted page,
 * a delayed payment settles, a period ends. Each returns the webhook events Stripe sends.
 */
export function createPaymentsAndPeriods(state: EmulatorState) {
  const { sessions, subscriptions, seconds, copy, emit, takeEvents } = state;
  const { bill, chargeCard, priceObject, publicSession } = state;

  return {
    /**
     * The customer pays on the hosted page: what Stripe creates and the events it sends. With
     * `payment: "delayed"` (a one-time payment by bank debit or transfer) the session completes
     * unpaid and the money arrives later, through `settleDelayedPayment`.
     */
    completeCheckout(
      sessionId: string,
      { payment = "card" }: { payment?: "card" | "delayed" } = {},
    ): EmulatedEvent[] {
      const session = sessions.get(sessionId);
      if (session?.status !== "open") throw new Error(`No open session ${sessionId}`);
      if (payment === "delayed" && session.mode === "subscription") {
        throw new Error("The emulator delays one-time payments only");
      }
      session.status = "complete";
      session.payment_status = payment === "delayed" ? "unpaid" : "paid";
      if (session.mode === "subscription") {
        const now = seconds();
        const id = newId("sub");
        const subscription: Subscription = {
          id,
          object: "subscription",
          customer: String(session.customer),
          status: "active",
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          created: now,
          metadata: { ...session.internal.subscriptionMetadata },
          pending_update: null,
          items: list(
            [
              {
                id: newId("si"),
                object: "subscription_item" as const,
                price: priceObject(session.internal.price),
                quantity: 1,
                current_period_start: now,
                current_period_end: monthAfter(now),
              },
            ],
            `/v1/subscription_items?subscription=${id}`,
          ),
        };
        subscriptions.set(id, subscription);
        session.subscription = id;
        const item = subscription.items.data[0];
        const period = { start: now, end: item?.current_period_end ?? now };
        const line = invoiceLine(
          subscription,
          session.internal.price,
          Number(session.amount_total),
          period,
          false,
        );
        emit("checkout.session.completed", publicSession(session));
        emit("customer.subscription.created", subscription);
        emit("invoice.paid", bill(subscription, "subscription_create", [line]));
      } else if (payment === "delayed") {
        emit("checkout.session.completed", publicSession(session));
        emit("payment_intent.processing", { id: newId("pi"), object: "payment_intent" });
      } else {
        chargeCard(String(session.customer), Number(session.amount_total));
        emit("checkout.session.completed", publicSession(session));
        emit("payment_intent.succeeded", { id: newId("pi"), object: "payment_intent" });
      }
      return takeEvents();
    },

    /** The delayed payment of a completed, unpaid checkout succeeds or fails, days later. */
    settleDelayedPayment(sessionId: string, outcome: "succeeded" | "failed"): EmulatedEvent[] {
      const session = sessions.get(sessionId);
      if (session?.status !== "complete" || session.payment_status !== "unpaid") {
        throw new Error(`No checkout awaiting its payment: ${sessionId}`);
      }
      const intent = { id: newId("pi"), object: "payment_intent" };
      if (outcome === "succeeded") {
        session.payment_status = "paid";
        chargeCard(String(session.customer), Number(session.amount_total));
        emit("checkout.session.async_payment_succeeded", publicSession(session));
        emit("payment_intent.succeeded", intent);
      } else {
        emit("checkout.session.async_payment_failed", publicSession(session));
        emit("payment_intent.payment_failed", intent);
      }
      return takeEvents();
    },

    /** The subscription's period ends: it renews with a paid invoice, or ends if canceling. */
    advancePeriod(subscriptionId: string): EmulatedEvent[] {
      const subscription = subscriptions.get(subscriptionId);
      const item = subscription?.items.data[0];
      if (!subscription || !item) throw new Error(`No subscription ${subscriptionId}`);
      const before = copy(subscription);
      const end = item.current_period_end;
      if (subscription.cancel_at_period_end || subscription.cancel_at !== null) {
        Object.assign(subscription, { status: "canceled", ended_at: end, canceled_at: end });
        emit("customer.subscription.deleted", subscription);
        return takeEvents();
      }
      item.current_period_start = end;
      item.current_period_end = monthAfter(end);
      const period = { start: end, end: item.current_period_end };
      const line = invoiceLine(subscription, item.price.id, item.price.unit_amount, period, false);
      emit("customer.subscription.updated", subscription, { items: before.items });
      emit("invoice.paid", bill(subscription, "subscription_cycle", [line]));
      return takeEvents();
    },
  };
}
