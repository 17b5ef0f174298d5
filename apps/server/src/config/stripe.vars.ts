import { z } from "zod";
import type { StripeConfig } from "./types.ts";
import { EnvError, optionalVariable, prefixed } from "./variables.ts";

/** Everything Stripe needs besides its key, in the order a missing one is reported. */
const STRIPE_PLAN_PRICES = {
  starter: "STRIPE_PRICE_STARTER",
  pro: "STRIPE_PRICE_PRO",
  elite: "STRIPE_PRICE_ELITE",
} as const;
const STRIPE_PACK_PRICES = {
  100: "STRIPE_PRICE_PACK_100",
  250: "STRIPE_PRICE_PACK_250",
  500: "STRIPE_PRICE_PACK_500",
  1000: "STRIPE_PRICE_PACK_1000",
} as const;
const STRIPE_COMPANIONS = [
  "STRIPE_WEBHOOK_SECRET",
  ...Object.values(STRIPE_PLAN_PRICES),
  ...Object.values(STRIPE_PACK_PRICES),
] as const;

const stripePrice = prefixed("price_", "a Stripe price id");

/** Payments through Stripe; without its key the built-in sandbox provider stands in. */
export const stripeVariables = {
  STRIPE_SECRET_KEY: optionalVariable(
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_/, { error: "must be a Stripe secret key (sk_… or rk_…)" }),
  ),
  STRIPE_WEBHOOK_SECRET: prefixed("whsec_", "a webhook signing secret"),
  STRIPE_PRICE_STARTER: stripePrice,
  STRIPE_PRICE_PRO: stripePrice,
  STRIPE_PRICE_ELITE: stripePrice,
  STRIPE_PRICE_PACK_100: stripePrice,
  STRIPE_PRICE_PACK_250: stripePrice,
  STRIPE_PRICE_PACK_500: stripePrice,
  STRIPE_PRICE_PACK_1000: stripePrice,
};

type StripeVars = z.infer<z.ZodObject<typeof stripeVariables>>;

/** Stripe is all or nothing: its key switches it on and then every companion is required. */
export function stripeConfig(vars: StripeVars): StripeConfig | null {
  const key = vars.STRIPE_SECRET_KEY;
  if (!key) {
    const stray = STRIPE_COMPANIONS.find((name) => vars[name]);
    if (stray) {
      throw new EnvError(
        `Invalid configuration: ${stray} is set but STRIPE_SECRET_KEY is not; set both or neither`,
      );
    }
    return null;
  }
  const missing = STRIPE_COMPANIONS.find((name) => !vars[name]);
  if (missing) {
    throw new EnvError(
      `Invalid configuration: ${missing} must be set when STRIPE_SECRET_KEY is set`,
    );
  }
  const read = (name: (typeof STRIPE_COMPANIONS)[number]) => vars[name] ?? "";
  return Object.freeze({
    secretKey: key,
    webhookSecret: read("STRIPE_WEBHOOK_SECRET"),
    planPrices: Object.freeze({
      starter: read(STRIPE_PLAN_PRICES.starter),
      pro: read(STRIPE_PLAN_PRICES.pro),
      elite: read(STRIPE_PLAN_PRICES.elite),
    }),
    packPrices: Object.freeze(
      Object.fromEntries(
        Object.entries(STRIPE_PACK_PRICES).map(([tokens, name]) => [Number(tokens), read(name)]),
      ),
    ),
  });
}
