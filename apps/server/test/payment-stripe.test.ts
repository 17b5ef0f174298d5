import {
  ZCheckoutSessionResponse,
  ZPlanChangeQuoteResponse,
  ZSubscriptionStateResponse,
} from "@backdrop/shared";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { asCookie, type SignedIn } from "./helpers/identity.ts";
import { stripeApp } from "./helpers/payment-drivers.ts";
import { adaAndBob, currentUser, postPayment } from "./helpers/payments.ts";
import { APP_URL, createTestApp } from "./helpers/test-app.ts";
import { createStripeEmulator, type EmulatedEvent } from "./stripe-emulator/stripe-emulator.ts";
import { PRICES, WEBHOOK_SECRET } from "./stripe-emulator/test-config.ts";
import { deliver } from "./stripe-emulator/webhook-delivery.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * What only the Stripe adapter does: the requests it makes, the webhooks it reads, their
 * signatures, order and replays. What every provider does is in payment-contract*.test.ts.
 */
describeEachDatabase("Stripe payments against the emulated Stripe API", (database) => {
  let offset = 0;
  const now = () => Date.now() + offset;
  const emulator = createStripeEmulator({ prices: PRICES, now });
  let t: ReturnType<typeof createTestApp>;
  let deliverAll: ReturnType<typeof stripeApp>["deliverAll"];
  let ada: SignedIn;

  beforeAll(() => emulator.start());
  afterAll(() => emulator.close());

  beforeEach(async () => {
    offset = 0;
    emulator.takeEvents();
    ({ t, deliverAll } = stripeApp(database.handle(), { now }, emulator));
    ({ ada } = await adaAndBob(t));
  });

  const call = (path: string, body: unknown, user: SignedIn = ada) =>
    postPayment(t, path, body, user);
  const me = (user: SignedIn = ada) => currentUser(t, user);

  /** Checkout through the API, paid on Stripe's page, its webhooks delivered. */
  async function subscribe(planId: string, user: SignedIn = ada) {
    const res = await call("create-subscription", { uid: user.id, planId }, user);
    expect(res.status).toBe(200);
    const session = ZCheckoutSessionResponse.parse(await res.json());
    const events = emulator.completeCheckout(session.sessionId);
    await deliverAll(events);
    const subscriptionId = (await me(user)).stripeSubscriptionId ?? "";
    return { session, events, subscriptionId };
  }

  it("does not mount the sandbox pages", async () => {
    expect(t.container.payments.sandbox).toBeNull();
    expect((await t.app.request("/sandbox/checkout/cs_x")).status).not.toBe(200);
  });

  it("opens Checkout for the user's Stripe customer, made before the payment", async () => {
    const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
    expect(res.status).toBe(200);
    ZCheckoutSessionResponse.parse(await res.json());
    const created = emulator.requests.find((r) => r.path === "/v1/checkout/sessions");
    expect(created?.params).toMatchObject({
      mode: "subscription",
      client_reference_id: ada.id,
      line_items: [{ price: "price_pro", quantity: "1" }],
      subscription_data: { metadata: { userId: ada.id, plan: "pro" } },
      metadata: { userId: ada.id, kind: "subscription", plan: "pro" },
      success_url: `${APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/payment-cancelled`,
    });
    expect(created?.idempotencyKey).toMatch(/^checkout-/);
    const customer = emulator.requests.find((r) => r.path === "/v1/customers");
    expect(customer?.params).toMatchObject({ metadata: { userId: ada.id } });
    expect((await me()).stripeCustomerId).toMatch(/^cus_/);
  });

  it("renews once however often the renewal's events are replayed", async () => {
    const { subscriptionId } = await subscribe("pro");
    await t.container.services.tokenLedger.debit(ada.id, 100, "job-1");
    offset = 31 * DAY;
    const renewal = emulator.advancePeriod(subscriptionId);
    await deliverAll(renewal);
    expect(await me()).toMatchObject({ subscriptionTokens: 160 });
    await t.container.services.tokenLedger.debit(ada.id, 50, "job-2");
    await deliverAll(renewal);
    expect(await me()).toMatchObject({ subscriptionTokens: 110 });
    const replay = await deliver(t.app, renewal.at(-1) ?? {}, WEBHOOK_SECRET);
    expect(await replay.json()).toEqual({ received: true, outcome: "replayed" });
  });

  it("changes plan with prorated tokens granted from the invoice", async () => {
    await subscribe("pro");
    offset = 15 * DAY;
    const res = await call("update-subscription", { uid: ada.id, newPlanId: "elite" });
    expect(res.status).toBe(200);
    expect(ZSubscriptionStateResponse.parse(await res.json())).toMatchObject({
      subscriptionPlanId: "elite",
      subscriptionTokens: 160,
    });
    const update = emulator.requests.findLast(
      (r) => r.method === "POST" && r.path.startsWith("/v1/subscriptions/"),
    );
    expect(update?.params).toMatchObject({
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
      metadata: { plan: "elite" },
    });
    const events = emulator.takeEvents();
    expect(events.map((event) => event.type)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
    ]);
    await deliverAll(events);
    const user = await me();
    // About half the month was left: about half of the 115-token difference.
    expect(user.subscriptionTokens).toBeGreaterThan(160 + 50);
    expect(user.subscriptionTokens).toBeLessThan(160 + 65);
    await deliverAll(events);
    expect((await me()).subscriptionTokens).toBe(user.subscriptionTokens);
  });

  it("moves down without proration, and up past the paid plan by putting Stripe back on it first", async () => {
    const { subscriptionId } = await subscribe("pro");
    offset = 10 * DAY;
    const down = await call("update-subscription", { uid: ada.id, newPlanId: "starter" });
    expect(down.status).toBe(200);
    const downgrade = emulator.requests.findLast(
      (r) => r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(downgrade?.params).toMatchObject({ proration_behavior: "none" });
    const quiet = emulator.takeEvents();
    expect(quiet.map((event) => event.type)).toEqual(["customer.subscription.updated"]);
    await deliverAll(quiet);

    // Up to elite: Stripe is put back on pro for free, then charged from pro, as quoted.
    const res = await t.app.request("/api/payment/plan-change-quote?newPlanId=elite", {
      headers: asCookie(ada),
    });
    const quote = ZPlanChangeQuoteResponse.parse(await res.json());
    offset += 90_000;
    await call("update-subscription", {
      uid: ada.id,
      newPlanId: "elite",
      quotedAt: quote.quotedAt,
    });
    const updates = emulator.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(
      updates.slice(-2).map((r) => [r.params.items?.[0]?.price, r.params.proration_behavior]),
    ).toEqual([
      ["price_pro", "none"],
      ["price_elite", "always_invoice"],
    ]);
  });

  it("cancels at the period's end at Stripe, and takes the cancellation back there", async () => {
    const { subscriptionId } = await subscribe("elite");
    await call("cancel-subscription", { uid: ada.id });
    expect(emulator.subscription(subscriptionId)?.cancel_at_period_end).toBe(true);
    await call("reactivate-subscription", { uid: ada.id });
    expect(emulator.subscription(subscriptionId)?.cancel_at_period_end).toBe(false);
  });

  it("opens a token pack's Checkout for the same Stripe customer", async () => {
    await subscribe("elite");
    const res = await call("create-checkout-session", { uid: ada.id, tokenCount: 100, amount: 9 });
    expect(res.status).toBe(200);
    ZCheckoutSessionResponse.parse(await res.json());
    const created = emulator.requests.findLast((r) => r.path === "/v1/checkout/sessions");
    expect(created?.params).toMatchObject({
      mode: "payment",
      line_items: [{ price: "price_pack_100" }],
      metadata: { userId: ada.id, kind: "token_pack", tokens: "100" },
    });
    const customers = emulator.requests.filter(
      (r) => r.path === "/v1/customers" && r.params.metadata?.userId === ada.id,
    );
    expect(customers).toHaveLength(1);
  });

  /** A 100-token pack's checkout, opened through the API by a subscriber to elite. */
  async function packCheckout() {
    await subscribe("elite");
    const res = await call("create-checkout-session", { uid: ada.id, tokenCount: 100, amount: 9 });
    expect(res.status).toBe(200);
    return ZCheckoutSessionResponse.parse(await res.json()).sessionId;
  }

  it("credits a pack paid with a delayed method when the money arrives, once", async () => {
    const sessionId = await packCheckout();
    const completed = emulator.completeCheckout(sessionId, { payment: "delayed" });
    expect(completed[0]).toMatchObject({
      type: "checkout.session.completed",
      data: { object: { id: sessionId, status: "complete", payment_status: "unpaid" } },
    });
    await deliverAll(completed);
    expect(await me()).toMatchObject({ numOfTokens: 0, subscriptionTokens: 275 });

    const settled = emulator.settleDelayedPayment(sessionId, "succeeded");
    expect(settled[0]).toMatchObject({
      type: "checkout.session.async_payment_succeeded",
      data: { object: { id: sessionId, payment_status: "paid" } },
    });
    await deliverAll(settled);
    await deliverAll(settled);
    await deliverAll(completed);
    expect(await me()).toMatchObject({ numOfTokens: 100, subscriptionTokens: 275 });
  });

  it("credits nothing when the delayed payment fails", async () => {
    const sessionId = await packCheckout();
    await deliverAll(emulator.completeCheckout(sessionId, { payment: "delayed" }));
    const failed = emulator.settleDelayedPayment(sessionId, "failed");
    expect(failed[0]?.type).toBe("checkout.session.async_payment_failed");
    await deliverAll(failed);
    expect((await me()).numOfTokens).toBe(0);
  });

  it("never credits a pack twice for a paid completion and an async success", async () => {
    const sessionId = await packCheckout();
    const completed = emulator
      .completeCheckout(sessionId)
      .find((event) => event.type === "checkout.session.completed");
    if (!completed) throw new Error("no checkout.session.completed event");
    expect(completed).toMatchObject({ data: { object: { payment_status: "paid" } } });
    // The same paid session, announced again as a delayed payment's success (a distinct event).
    const succeeded: EmulatedEvent = {
      ...structuredClone(completed),
      id: "evt_async_same_session",
      type: "checkout.session.async_payment_succeeded",
    };
    await deliverAll([completed, succeeded]);
    expect(await me()).toMatchObject({ numOfTokens: 100 });
    await deliverAll([{ ...succeeded, id: "evt_async_later" }]);
    expect(await me()).toMatchObject({ numOfTokens: 100 });
  });

  it("refuses a bad or missing signature and changes nothing", async () => {
    const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
    const { sessionId } = ZCheckoutSessionResponse.parse(await res.json());
    const events = emulator.completeCheckout(sessionId);
    for (const event of events) {
      const forged = await deliver(t.app, event, "whsec_someone_else");
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({ error: "Invalid webhook signature" });
      const unsigned = await deliver(t.app, event, WEBHOOK_SECRET, "");
      expect(unsigned.status).toBe(400);
    }
    expect(await me()).toMatchObject({ subscriptionPlanId: "free", subscriptionTokens: 0 });
  });

  it("ignores an older subscription update delivered after a newer one", async () => {
    await subscribe("pro");
    await call("cancel-subscription", { uid: ada.id });
    const canceling = emulator.takeEvents();
    offset = 1000;
    await call("reactivate-subscription", { uid: ada.id });
    const reactivated = emulator.takeEvents();
    await deliverAll(reactivated);
    const before = await me();
    expect(before.subscriptionStatus).toBe("active");
    await deliverAll(canceling);
    expect(await me()).toEqual(before);
  });

  it("answers 200 to events it does not act on, and 404 without Stripe", async () => {
    const other = {
      id: "evt_other",
      object: "event",
      type: "charge.refunded",
      created: 1,
      data: { object: {} },
    };
    const res = await deliver(t.app, other, WEBHOOK_SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ignored" });
    const sandbox = createTestApp(database.handle());
    expect((await deliver(sandbox.app, other, WEBHOOK_SECRET)).status).toBe(404);
  });
});
