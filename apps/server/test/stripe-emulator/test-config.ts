/** The Stripe configuration the tests run with, and the prices the emulator knows for it. */
export const WEBHOOK_SECRET = "whsec_test_backdrop";

export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_emulator",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_STARTER: "price_starter",
  STRIPE_PRICE_PRO: "price_pro",
  STRIPE_PRICE_ELITE: "price_elite",
  STRIPE_PRICE_PACK_100: "price_pack_100",
  STRIPE_PRICE_PACK_250: "price_pack_250",
  STRIPE_PRICE_PACK_500: "price_pack_500",
  STRIPE_PRICE_PACK_1000: "price_pack_1000",
};

export const PRICES = {
  price_starter: 900,
  price_pro: 1400,
  price_elite: 2400,
  price_pack_100: 900,
  price_pack_250: 2000,
  price_pack_500: 3500,
  price_pack_1000: 6500,
};
