/** The payment pages' parts: the checkout's outcome, read back, and the way home. */
export { usePaymentConfirmation } from "./hooks/use-payment-confirmation.ts";
export { purchaseSummary } from "./purchase-summary.ts";
export { useRedirectCountdown } from "./hooks/use-redirect-countdown.ts";
export { RedirectNote } from "./components/redirect-note.tsx";
