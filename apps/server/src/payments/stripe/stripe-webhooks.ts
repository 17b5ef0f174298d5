import type Stripe from "stripe";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { BillingRepository } from "../../repositories/billing.repository.ts";
import type { UserProfilesRepository } from "../../repositories/user-profiles.repository.ts";
import type { BillingEffect, BillingEvents } from "../billing-events.ts";
import { planEvent } from "./stripe-events.ts";
import type { StripePrices } from "./stripe-prices.ts";
import { snapshotOf } from "./stripe-subscriptions.ts";

/** The request is not a webhook Stripe signed with our secret. */
export class WebhookSignatureError extends AppError {
  override name = "WebhookSignatureError";
  constructor(message: string) {
    super(400, message);
  }
}

export type WebhookOutcome = "applied" | "replayed" | "ignored";

export type StripeWebhooks = {
  /** Verifies the raw body against its Stripe-Signature header and applies the event once. */
  receive(rawBody: string, signature: string | undefined): Promise<WebhookOutcome>;
};

export function createStripeWebhooks({
  stripe,
  webhookSecret,
  prices,
  billing,
  profiles,
  events,
  clock,
  logger,
}: {
  stripe: Stripe;
  webhookSecret: string;
  prices: StripePrices;
  billing: BillingRepository;
  profiles: UserProfilesRepository;
  events: BillingEvents;
  clock: Clock;
  logger: Logger;
}): StripeWebhooks {
  function verify(rawBody: string, signature: string | undefined): Stripe.Event {
    if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch {
      throw new WebhookSignatureError("Invalid webhook signature");
    }
  }

  async function ownerOf(userId: string | null, customerId: string | null) {
    const id = userId ?? (customerId ? await billing.findUserIdByCustomer(customerId) : undefined);
    return id && (await profiles.find(id)) ? id : null;
  }

  return {
    async receive(rawBody, signature) {
      const event = verify(rawBody, signature);
      const plan = planEvent(event, prices);
      if (!plan) return "ignored";
      const userId = await ownerOf(plan.userId, plan.customerId);
      if (!userId) {
        logger.warn("Stripe event for no known user", { id: event.id, type: event.type });
        return "ignored";
      }
      const effects: BillingEffect[] = [];
      if (plan.customerId) effects.push({ type: "customer", customerId: plan.customerId });
      // Delivery order is not guaranteed, so the subscription is read as it stands now rather
      // than taken from the event; the read time orders it against what we already hold.
      let subscription: Stripe.Subscription | null = null;
      if (plan.subscriptionId) {
        const observedAt = clock.now();
        subscription = await stripe.subscriptions.retrieve(plan.subscriptionId);
        const snapshot = snapshotOf(subscription, prices, observedAt);
        if (snapshot) effects.push({ type: "subscription", snapshot });
      }
      effects.push(...plan.effects(subscription));
      return (await events.apply(event.id, userId, effects)) ? "applied" : "replayed";
    },
  };
}
