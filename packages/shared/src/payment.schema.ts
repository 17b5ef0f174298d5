import { z } from "zod";
import { ZPlanId } from "./account.schema.ts";
import { AUTH_MESSAGES, PAYMENT_MESSAGES } from "./messages.ts";
import { PAID_PLAN_IDS } from "./plans.ts";

const uid = z.string({ error: AUTH_MESSAGES.uidRequired }).trim().min(1, AUTH_MESSAGES.uidRequired);
const paidPlan = z.enum(PAID_PLAN_IDS, { error: PAYMENT_MESSAGES.unknownPlan });

/** create-portal-session, cancel-subscription and reactivate-subscription send only the uid. */
export const ZUidRequest = z.object({ uid });
export type TUidRequest = z.infer<typeof ZUidRequest>;

export const ZCreateSubscriptionRequest = z.object({ uid, planId: paidPlan });
export type TCreateSubscriptionRequest = z.infer<typeof ZCreateSubscriptionRequest>;

/**
 * `quotedAt` is the `quotedAt` of the plan-change quote the user confirmed: the change is then
 * made at exactly its figures (a quote older than PLAN_CHANGE_QUOTE_MS counts from now).
 */
export const ZUpdateSubscriptionRequest = z.object({
  uid,
  newPlanId: paidPlan,
  quotedAt: z.number().int().optional(),
});
export type TUpdateSubscriptionRequest = z.infer<typeof ZUpdateSubscriptionRequest>;

/** How long a plan-change quote holds: confirming later charges at the time of confirming. */
export const PLAN_CHANGE_QUOTE_MS = 15 * 60_000;

/** GET /api/payment/plan-change-quote?newPlanId=…: what the change would do, before it is made. */
export const ZPlanChangeQuoteResponse = z.object({
  planId: paidPlan,
  /** The highest plan the running period is paid at; changes are measured from it. */
  paidPlanId: paidPlan,
  /** Charged now, in US cents; 0 for a change that costs nothing now. */
  chargeCents: z.number().int().nonnegative(),
  /** Tokens added to this period's now. */
  tokens: z.number().int().nonnegative(),
  /** From the next renewal: the new plan's monthly price and tokens. */
  renewalDate: z.iso.datetime().nullable(),
  quotedAt: z.number().int(),
});
export type TPlanChangeQuoteResponse = z.infer<typeof ZPlanChangeQuoteResponse>;

/**
 * A token pack, named by its token count. `amount` is the price the page showed, in US
 * dollars; the server charges the catalogue's price and refuses an amount that differs.
 */
export const ZCreateCheckoutSessionRequest = z.object({
  uid,
  tokenCount: z.number({ error: PAYMENT_MESSAGES.unknownTokenPack }).int(),
  amount: z.number({ error: PAYMENT_MESSAGES.amountMismatch }),
});
export type TCreateCheckoutSessionRequest = z.infer<typeof ZCreateCheckoutSessionRequest>;

/** Where the browser goes next: the provider's hosted checkout page. */
export const ZCheckoutSessionResponse = z.object({ sessionId: z.string(), url: z.string() });
export type TCheckoutSessionResponse = z.infer<typeof ZCheckoutSessionResponse>;

export const ZPortalSessionResponse = z.object({ url: z.string() });
export type TPortalSessionResponse = z.infer<typeof ZPortalSessionResponse>;

/** cancel, reactivate and update-subscription answer the subscription as it now stands. */
export const ZSubscriptionStateResponse = z.object({
  subscriptionPlanId: ZPlanId,
  subscriptionStatus: z.string().nullable(),
  subscriptionEndDate: z.iso.datetime().nullable(),
  subscriptionRenewalDate: z.iso.datetime().nullable(),
  numOfTokens: z.number().int().nonnegative(),
  subscriptionTokens: z.number().int().nonnegative(),
});
export type TSubscriptionStateResponse = z.infer<typeof ZSubscriptionStateResponse>;

export const PAYMENT_SESSION_KINDS = ["subscription", "token_pack"] as const;
export const PAYMENT_SESSION_STATUSES = ["open", "complete", "expired"] as const;

/** GET /api/payment/session/:id: what the payment-success page waits on. */
export const ZPaymentSessionResponse = z.object({
  sessionId: z.string(),
  status: z.enum(PAYMENT_SESSION_STATUSES),
  kind: z.enum(PAYMENT_SESSION_KINDS),
  planId: z.enum(PAID_PLAN_IDS).nullable(),
  tokenCount: z.number().int().nullable(),
  amountCents: z.number().int(),
});
export type TPaymentSessionResponse = z.infer<typeof ZPaymentSessionResponse>;
