import {
  MESSAGES,
  type TCheckoutSessionResponse,
  type TPaidPlanId,
  type TPaymentSessionResponse,
  type TPlanChangeQuoteResponse,
  type TPortalSessionResponse,
  type TSubscriptionStateResponse,
  ZCheckoutSessionResponse,
  ZPaymentSessionResponse,
  ZPlanChangeQuoteResponse,
  ZPortalSessionResponse,
  ZSubscriptionStateResponse,
} from "@backdrop/shared";
import type { z } from "zod";
import { ApiError, getJson, postJson } from "../../lib/api-client.ts";

const UNEXPECTED_ANSWER = "The server answered in an unexpected format.";
const SESSION_LOOKUP_FAILED = "We could not confirm your payment.";
export const PLAN_CHANGE_QUOTE_FAILED = "We could not work out what this change costs right now.";

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(UNEXPECTED_ANSWER, 200);
  return parsed.data;
}

/** SPEC point 7's payment calls; each rejects with the server's error or the spec's default. */
export async function createSubscription(
  uid: string,
  planId: TPaidPlanId,
): Promise<TCheckoutSessionResponse> {
  const body = await postJson(
    "/api/payment/create-subscription",
    { uid, planId },
    MESSAGES.subscriptionCheckoutFailed,
  );
  return parse(ZCheckoutSessionResponse, body);
}

export async function createPortalSession(uid: string): Promise<TPortalSessionResponse> {
  const body = await postJson("/api/payment/create-portal-session", { uid }, MESSAGES.portalFailed);
  return parse(ZPortalSessionResponse, body);
}

export async function cancelSubscription(uid: string): Promise<TSubscriptionStateResponse> {
  const body = await postJson(
    "/api/payment/cancel-subscription",
    { uid },
    MESSAGES.cancelSubscriptionFailed,
  );
  return parse(ZSubscriptionStateResponse, body);
}

/**
 * The person asked to keep their plan: the spec's default is 'Could not renew subscription.'.
 * (The reactivation a plan change makes first is the server's, in update-subscription, which
 * words its failure 'Could not reactivate subscription'.)
 */
export async function reactivateSubscription(uid: string): Promise<TSubscriptionStateResponse> {
  const body = await postJson(
    "/api/payment/reactivate-subscription",
    { uid },
    MESSAGES.renewSubscriptionFailed,
  );
  return parse(ZSubscriptionStateResponse, body);
}

/**
 * `quotedAt`: the quote the user confirmed, so the change is made at its figures. A canceling
 * subscription is reactivated first, in the same call.
 */
export async function updateSubscription(
  uid: string,
  newPlanId: TPaidPlanId,
  quotedAt?: number,
): Promise<TSubscriptionStateResponse> {
  const body = await postJson(
    "/api/payment/update-subscription",
    { uid, newPlanId, ...(quotedAt === undefined ? {} : { quotedAt }) },
    MESSAGES.changePlanFailed,
  );
  return parse(ZSubscriptionStateResponse, body);
}

/** What changing to `newPlanId` would charge and grant now, as the server will apply it. */
export async function fetchPlanChangeQuote(
  newPlanId: TPaidPlanId,
): Promise<TPlanChangeQuoteResponse> {
  const body = await getJson(
    `/api/payment/plan-change-quote?newPlanId=${encodeURIComponent(newPlanId)}`,
    PLAN_CHANGE_QUOTE_FAILED,
  );
  return parse(ZPlanChangeQuoteResponse, body);
}

/** A token pack; `amount` is the price shown, in US dollars, which the server checks. */
export async function createTokenCheckout(
  uid: string,
  tokenCount: number,
  amount: number,
): Promise<TCheckoutSessionResponse> {
  const body = await postJson(
    "/api/payment/create-checkout-session",
    { uid, tokenCount, amount },
    MESSAGES.checkoutFailed,
  );
  return parse(ZCheckoutSessionResponse, body);
}

export async function fetchPaymentSession(sessionId: string): Promise<TPaymentSessionResponse> {
  const body = await getJson(
    `/api/payment/session/${encodeURIComponent(sessionId)}`,
    SESSION_LOOKUP_FAILED,
  );
  return parse(ZPaymentSessionResponse, body);
}
