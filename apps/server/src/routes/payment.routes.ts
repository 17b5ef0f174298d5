import {
  isPaidPlanId,
  MESSAGES,
  PAYMENT_MESSAGES,
  ZCreateCheckoutSessionRequest,
  ZCreateSubscriptionRequest,
  ZUidRequest,
  ZUpdateSubscriptionRequest,
} from "@backdrop/shared";
import { type Context, Hono } from "hono";
import type { Identity } from "../identity/identity.ts";
import { AppError } from "../lib/app-error.ts";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import type { StripeWebhooks } from "../payments/stripe/stripe-webhooks.ts";
import type { BillingService } from "../services/billing.service.ts";
import { failsWith } from "./errors.ts";
import { parseOwnJson } from "./json-body.ts";
import { requireUser, type SignedInEnv, verifiedUser } from "./session.middleware.ts";
import { userRateLimit } from "./user-rate-limit.middleware.ts";

/** Anything unexpected from the provider answers 502 with the spec's wording for the call. */
const providerFails = (message: string) => failsWith(message, 502);

/** Stripe calls this server to server: no session, no Origin; the signature is the check. */
function stripeWebhook(webhooks: StripeWebhooks | null) {
  return async (c: Context) => {
    if (!webhooks) return c.json({ error: "Not found" }, 404);
    // The signature covers the exact bytes, so the body is read raw, never re-serialised.
    // A 5xx makes Stripe retry later; the event id was not stored, so it applies then.
    const outcome = await webhooks.receive(await c.req.text(), c.req.header("stripe-signature"));
    return c.json({ received: true, outcome });
  };
}

export type PaymentRoutesDeps = {
  billing: BillingService;
  identity: Identity;
  checkoutRateLimiter: RateLimiter;
  stripeWebhooks: StripeWebhooks | null;
};

/** SPEC point 7's /api/payment/* endpoints; every one acts for the signed-in user only. */
export function paymentRoutes({
  billing,
  identity,
  checkoutRateLimiter,
  stripeWebhooks,
}: PaymentRoutesDeps) {
  const signedIn = requireUser(identity);
  // Every call opens a checkout session with the provider: a few per user are plenty.
  const checkoutRate = (bucket: string) =>
    userRateLimit({
      limiter: checkoutRateLimiter,
      bucket,
      message: PAYMENT_MESSAGES.tooManyCheckouts,
    });
  /** The top-up's own wording for a visitor (SPEC point 5), instead of the generic 401. */
  const signedInToBuy = async (c: Context<SignedInEnv>, next: () => Promise<void>) => {
    const user = await verifiedUser(identity, c.req.raw.headers);
    if (!user) return c.json({ error: MESSAGES.loginToPurchaseTokens }, 401);
    c.set("user", user);
    await next();
  };

  return new Hono<SignedInEnv>()
    .use("*", async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .post(
      "/create-subscription",
      signedIn,
      checkoutRate("subscription-checkout"),
      providerFails(MESSAGES.subscriptionCheckoutFailed),
      async (c) => {
        const { planId } = await parseOwnJson(c, ZCreateSubscriptionRequest);
        return c.json(await billing.createSubscription(c.var.user, planId));
      },
    )
    .post("/create-portal-session", signedIn, providerFails(MESSAGES.portalFailed), async (c) => {
      await parseOwnJson(c, ZUidRequest);
      return c.json(await billing.createPortalSession(c.var.user));
    })
    .post(
      "/cancel-subscription",
      signedIn,
      providerFails(MESSAGES.cancelSubscriptionFailed),
      async (c) => {
        await parseOwnJson(c, ZUidRequest);
        return c.json(await billing.cancelSubscription(c.var.user));
      },
    )
    .post(
      "/reactivate-subscription",
      signedIn,
      providerFails(MESSAGES.reactivateSubscriptionFailed),
      async (c) => {
        await parseOwnJson(c, ZUidRequest);
        return c.json(await billing.reactivateSubscription(c.var.user));
      },
    )
    .post("/update-subscription", signedIn, providerFails(MESSAGES.changePlanFailed), async (c) => {
      const body = await parseOwnJson(c, ZUpdateSubscriptionRequest);
      return c.json(await billing.changePlan(c.var.user, body.newPlanId, body.quotedAt));
    })
    .post(
      "/create-checkout-session",
      signedInToBuy,
      checkoutRate("pack-checkout"),
      providerFails(MESSAGES.checkoutFailed),
      async (c) => {
        const body = await parseOwnJson(c, ZCreateCheckoutSessionRequest);
        return c.json(await billing.createTokenCheckout(c.var.user, body.tokenCount, body.amount));
      },
    )
    .post("/webhook", failsWith("Webhook processing failed"), stripeWebhook(stripeWebhooks))
    .get("/session/:id", signedIn, async (c) => {
      return c.json(await billing.getSession(c.var.user, c.req.param("id")));
    })
    .get("/plan-change-quote", signedIn, providerFails(MESSAGES.changePlanFailed), async (c) => {
      const planId = c.req.query("newPlanId");
      if (!isPaidPlanId(planId)) throw new AppError(400, PAYMENT_MESSAGES.unknownPlan);
      return c.json(await billing.planChangeQuote(c.var.user, planId));
    });
}
