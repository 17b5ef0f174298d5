import Stripe from "stripe";
import type { StripeConfig } from "../../config/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { BillingRepository } from "../../repositories/billing.repository.ts";
import type { UserProfilesRepository } from "../../repositories/user-profiles.repository.ts";
import type { BillingEvents } from "../billing-events.ts";
import { createStripeProvider, type StripeProvider } from "./stripe.provider.ts";
import { stripePrices } from "./stripe-prices.ts";
import { createStripeWebhooks, type StripeWebhooks } from "./stripe-webhooks.ts";

export type StripePayments = { provider: StripeProvider; webhooks: StripeWebhooks };

/** The SDK as production uses it; tests hand in one pointed at the local emulator. */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, { maxNetworkRetries: 2 });
}

export function createStripePayments({
  config,
  stripe,
  billing,
  profiles,
  events,
  clock,
  logger,
  appUrl,
}: {
  config: StripeConfig;
  stripe: Stripe;
  billing: BillingRepository;
  profiles: UserProfilesRepository;
  events: BillingEvents;
  clock: Clock;
  logger: Logger;
  appUrl: string;
}): StripePayments {
  const prices = stripePrices(config);
  return {
    provider: createStripeProvider({ stripe, prices, billing, events, clock, appUrl }),
    webhooks: createStripeWebhooks({
      stripe,
      webhookSecret: config.webhookSecret,
      prices,
      billing,
      profiles,
      events,
      clock,
      logger,
    }),
  };
}
