/** The pricing feature's entry: the header's top-up, the pricing page, and the payment's check. */

// The header's Top up button and why it may be refused
export { TopUpTooltip } from "./components/top-up-tooltip.tsx";
export { useTopUpRefusal } from "./hooks/use-top-up-refusal.ts";

// The pricing page's sections
export { PricingPlans } from "./components/pricing-plans.tsx";
export { TopUpSection } from "./components/top-up-section.tsx";
export { TokenCosts } from "./components/token-costs.tsx";

// The payment pages read back the checkout
export { fetchPaymentSession } from "./api.ts";
