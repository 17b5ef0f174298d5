import {
  AUTH_MESSAGES,
  firstIssueMessage,
  isPaidPlanId,
  MESSAGES,
  PAYMENT_MESSAGES,
  ZCreateCheckoutSessionRequest,
  ZCreateSubscriptionRequest,
  ZUidRequest,
  ZUpdateSubscriptionRequest,
} from "@backdrop/shared";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import type { Container } from "../container.ts";
import { WebhookSignatureError } from "../payments/stripe/stripe-webhooks.ts";
import { BillingError } from "../services/billing.service.ts";
import { readJsonObject } from "./json-body.ts";
import { requireUser, type SignedInEnv, verifiedUser } from "./session.middleware.ts";
import { userRateLimit } from "./user-rate-limit.middleware.ts";

const smallBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => c.json({ error: "Request body is too large" }, 413),
});

/** Stripe's events are small, but a subscription with many lines can pass 16 KB. */
const webhookBody = bodyLimit({
  maxSize: 1024 * 1024,
  onError: (c) => c.json({ error: "Request body is too large" }, 413),
});

type Handler<T> = (c: Context<SignedInEnv>, body: T) => Promise<unknown>;

/**
 * Parses the body, checks that `uid` is the signed-in user, runs the call and maps refusals;
 * anything unexpected from the provider answers 502 with the spec's default for this call.
 */
function paymentCall<S extends z.ZodType<{ uid: string }>>(
  container: Container,
  schema: S,
  failure: string,
  handle: Handler<z.infer<S>>,
) {
  return async (c: Context<SignedInEnv>) => {
    const parsed = schema.safeParse(await readJsonObject(c));
    if (!parsed.success) return c.json({ error: firstIssueMessage(parsed.error) }, 400);
    if (parsed.data.uid !== c.var.user.id) return c.json({ error: AUTH_MESSAGES.forbidden }, 403);
    try {
      return c.json(await handle(c, parsed.data));
    } catch (error) {
      if (error instanceof BillingError) return c.json({ error: error.message }, error.status);
      container.logger.error("Payment call failed", { path: c.req.path, error });
      return c.json({ error: failure }, 502);
    }
  };
}

/** Stripe calls this server to server: no session, no Origin; the signature is the check. */
function stripeWebhook(container: Container) {
  return async (c: Context) => {
    const webhooks = container.payments.stripeWebhooks;
    if (!webhooks) return c.json({ error: "Not found" }, 404);
    // The signature covers the exact bytes, so the body is read raw, never re-serialised.
    const raw = await c.req.text();
    try {
      const outcome = await webhooks.receive(raw, c.req.header("stripe-signature"));
      return c.json({ received: true, outcome });
    } catch (error) {
      if (error instanceof WebhookSignatureError) return c.json({ error: error.message }, 400);
      // A 5xx makes Stripe retry later; the event id was not stored, so it applies then.
      container.logger.error("Stripe webhook failed", { error });
      return c.json({ error: "Webhook processing failed" }, 500);
    }
  };
}

/** SPEC point 7's /api/payment/* endpoints; every one acts for the signed-in user only. */
export function paymentRoutes(container: Container) {
  const { identity, services } = container;
  const { billing } = services;
  const signedIn = requireUser(identity);
  // Every call opens a checkout session with the provider: a few per user are plenty.
  const checkoutRate = (bucket: string) =>
    userRateLimit({
      limiter: container.checkoutRateLimiter,
      bucket,
      message: PAYMENT_MESSAGES.tooManyCheckouts,
    });

  return new Hono<SignedInEnv>()
    .use("*", async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .post(
      "/create-subscription",
      smallBody,
      signedIn,
      checkoutRate("subscription-checkout"),
      paymentCall(
        container,
        ZCreateSubscriptionRequest,
        MESSAGES.subscriptionCheckoutFailed,
        (c, body) => billing.createSubscription(c.var.user, body.planId),
      ),
    )
    .post(
      "/create-portal-session",
      smallBody,
      signedIn,
      paymentCall(container, ZUidRequest, MESSAGES.portalFailed, (c) =>
        billing.createPortalSession(c.var.user),
      ),
    )
    .post(
      "/cancel-subscription",
      smallBody,
      signedIn,
      paymentCall(container, ZUidRequest, MESSAGES.cancelSubscriptionFailed, (c) =>
        billing.cancelSubscription(c.var.user),
      ),
    )
    .post(
      "/reactivate-subscription",
      smallBody,
      signedIn,
      paymentCall(container, ZUidRequest, MESSAGES.reactivateSubscriptionFailed, (c) =>
        billing.reactivateSubscription(c.var.user),
      ),
    )
    .post(
      "/update-subscription",
      smallBody,
      signedIn,
      paymentCall(container, ZUpdateSubscriptionRequest, MESSAGES.changePlanFailed, (c, body) =>
        billing.updateSubscription(c.var.user, body.newPlanId, body.quotedAt),
      ),
    )
    .post(
      "/create-checkout-session",
      smallBody,
      async (c, next) => {
        // The top-up's own wording for a visitor (SPEC point 5), instead of the generic 401.
        const user = await verifiedUser(identity, c.req.raw.headers);
        if (!user) return c.json({ error: MESSAGES.loginToPurchaseTokens }, 401);
        c.set("user", user);
        await next();
      },
      checkoutRate("pack-checkout"),
      paymentCall(container, ZCreateCheckoutSessionRequest, MESSAGES.checkoutFailed, (c, body) =>
        billing.createTokenCheckout(c.var.user, body.tokenCount, body.amount),
      ),
    )
    .post("/webhook", webhookBody, stripeWebhook(container))
    .get("/session/:id", signedIn, async (c) => {
      try {
        return c.json(await billing.getSession(c.var.user, c.req.param("id")));
      } catch (error) {
        if (error instanceof BillingError) return c.json({ error: error.message }, error.status);
        throw error;
      }
    })
    .get("/plan-change-quote", signedIn, async (c) => {
      const planId = c.req.query("newPlanId");
      if (!isPaidPlanId(planId)) return c.json({ error: PAYMENT_MESSAGES.unknownPlan }, 400);
      try {
        return c.json(await billing.planChangeQuote(c.var.user, planId));
      } catch (error) {
        if (error instanceof BillingError) return c.json({ error: error.message }, error.status);
        container.logger.error("Plan change quote failed", { error });
        return c.json({ error: MESSAGES.changePlanFailed }, 502);
      }
    });
}
