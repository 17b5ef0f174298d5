import {
  AUTH_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  ZCheckoutSessionResponse,
  ZPaymentSessionResponse,
  ZPortalSessionResponse,
  ZSubscriptionStateResponse,
} from "@backdrop/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { asCookie, type SignedIn } from "./helpers/identity.ts";
import { describeEachProvider, type PaymentDriver } from "./helpers/payment-drivers.ts";
import { adaAndBob, currentUser, paymentSession, postPayment } from "./helpers/payments.ts";
import { postJson } from "./helpers/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the payment API does the same on every provider: the sandbox and Stripe each pass it,
 * through the app's HTTP API, their own side driven by helpers/payment-drivers.ts.
 */
describeEachDatabase("payment contract: checkout, subscription, token packs", (database) => {
  describeEachProvider("payments", (provider) => {
    let offset = 0;
    const clock = { now: () => Date.now() + offset };
    let pay: PaymentDriver;
    let t: PaymentDriver["t"];
    let ada: SignedIn;
    let bob: SignedIn;

    beforeEach(async () => {
      offset = 0;
      pay = provider.open(database.handle(), clock);
      t = pay.t;
      ({ ada, bob } = await adaAndBob(t));
    });
    afterEach(async () => {
      await t.container.close();
    });

    const call = (path: string, body: unknown, user: SignedIn | null = ada) =>
      postPayment(t, path, body, user);
    const me = (user: SignedIn = ada) => currentUser(t, user);
    const subscribe = (planId: string, user: SignedIn = ada) => pay.subscribe(user, planId);

    describe("authorisation and bad input", () => {
      const calls: [string, (uid: string) => Record<string, unknown>][] = [
        ["create-subscription", (uid) => ({ uid, planId: "pro" })],
        ["create-portal-session", (uid) => ({ uid })],
        ["cancel-subscription", (uid) => ({ uid })],
        ["reactivate-subscription", (uid) => ({ uid })],
        ["update-subscription", (uid) => ({ uid, newPlanId: "elite" })],
        ["create-checkout-session", (uid) => ({ uid, tokenCount: 100, amount: 9 })],
      ];

      it.each(calls)("%s refuses a visitor and another user's uid", async (path, body) => {
        const visitor = await call(path, body(ada.id), null);
        expect(visitor.status).toBe(401);
        const expected =
          path === "create-checkout-session"
            ? MESSAGES.loginToPurchaseTokens
            : AUTH_MESSAGES.unauthorized;
        expect(await visitor.json()).toEqual({ error: expected });
        const other = await call(path, body(bob.id));
        expect(other.status).toBe(403);
        expect(await other.json()).toEqual({ error: AUTH_MESSAGES.forbidden });
      });

      it("refuses a request from a foreign origin", async () => {
        const res = await postJson(
          t.app,
          "/api/payment/create-subscription",
          { uid: ada.id, planId: "pro" },
          {
            origin: "https://evil.example",
            ...asCookie(ada),
          },
        );
        expect(res.status).toBe(403);
      });

      it("validates the plan", async () => {
        const res = await call("create-subscription", { uid: ada.id, planId: "gold" });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: PAYMENT_MESSAGES.unknownPlan });
      });
    });

    describe("subscribing through the provider's checkout", () => {
      it("activates the plan and grants its tokens once, however often the payment is reported", async () => {
        const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
        expect(res.status).toBe(200);
        const session = ZCheckoutSessionResponse.parse(await res.json());
        expect(session.url).toBe(pay.checkoutUrl(session.sessionId));
        expect(await me()).toMatchObject({ subscriptionPlanId: "free", subscriptionTokens: 0 });
        const open = await paymentSession(t, session.sessionId, ada);
        expect(ZPaymentSessionResponse.parse(open.body)).toMatchObject({
          status: "open",
          kind: "subscription",
          planId: "pro",
          amountCents: 1400,
        });

        await pay.pay(ada, session.sessionId);
        const user = await me();
        expect(user).toMatchObject({
          subscriptionPlanId: "pro",
          subscriptionStatus: "active",
          subscriptionTokens: 160,
          numOfTokens: 0,
        });
        expect(user.stripeCustomerId).toMatch(pay.ids.customer);
        expect(user.stripeSubscriptionId).toMatch(pay.ids.subscription);
        expect(Date.parse(user.subscriptionEndDate ?? "")).toBeGreaterThan(clock.now() + 27 * DAY);
        expect(user.subscriptionRenewalDate).toBe(user.subscriptionEndDate);
        await pay.payAgain(ada, session.sessionId);
        expect(await me()).toEqual(user);
        expect(await pay.charges(ada)).toEqual([1400]);

        const answer = await paymentSession(t, session.sessionId, ada);
        expect(answer.body).toMatchObject({ status: "complete" });
        const foreign = await paymentSession(t, session.sessionId, bob);
        expect(foreign.status).toBe(404);
        const unknown = await paymentSession(t, "cs_test_nothing", ada);
        expect(unknown.status).toBe(404);
      });

      it("refuses a second subscription", async () => {
        await subscribe("starter");
        const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: PAYMENT_MESSAGES.alreadySubscribed });
      });
    });

    describe("managing the subscription", () => {
      it("cancels at the period's end, reactivates, and ends as free when the period ends", async () => {
        await subscribe("elite");
        const canceled = await call("cancel-subscription", { uid: ada.id });
        expect(canceled.status).toBe(200);
        const state = ZSubscriptionStateResponse.parse(await canceled.json());
        expect(state).toMatchObject({
          subscriptionStatus: "canceling",
          subscriptionRenewalDate: null,
        });
        expect(state.subscriptionEndDate).not.toBeNull();
        await pay.settle();
        expect((await me()).subscriptionStatus).toBe("canceling");
        const again = await call("cancel-subscription", { uid: ada.id });
        expect(again.status).toBe(409);
        expect(await again.json()).toEqual({ error: PAYMENT_MESSAGES.alreadyCanceling });

        const reactivated = await call("reactivate-subscription", { uid: ada.id });
        expect(await reactivated.json()).toMatchObject({ subscriptionStatus: "active" });
        await pay.settle();
        expect((await me()).subscriptionStatus).toBe("active");
        const twice = await call("reactivate-subscription", { uid: ada.id });
        expect(twice.status).toBe(409);
        expect(await twice.json()).toEqual({ error: PAYMENT_MESSAGES.notCanceling });

        await call("cancel-subscription", { uid: ada.id });
        await pay.settle();
        offset = 32 * DAY;
        await pay.endPeriod(ada);
        offset += 1000;
        expect(await me()).toMatchObject({
          subscriptionPlanId: "free",
          subscriptionStatus: "canceled",
          subscriptionTokens: 0,
        });
        const topUp = await call("create-checkout-session", {
          uid: ada.id,
          tokenCount: 100,
          amount: 9,
        });
        expect(await topUp.json()).toEqual({ error: MESSAGES.subscribeToPurchaseTokens });
      });

      it("refuses to manage what does not exist", async () => {
        const res = await call("cancel-subscription", { uid: ada.id });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: PAYMENT_MESSAGES.noSubscription });
        const reactivate = await call("reactivate-subscription", { uid: ada.id });
        expect(reactivate.status).toBe(409);
        expect(await reactivate.json()).toEqual({ error: PAYMENT_MESSAGES.noSubscription });
        const portal = await call("create-portal-session", { uid: ada.id });
        expect(portal.status).toBe(409);
        expect(await portal.json()).toEqual({ error: PAYMENT_MESSAGES.noSubscription });
      });

      it("opens the provider's customer portal for a subscriber", async () => {
        await subscribe("pro");
        const res = await call("create-portal-session", { uid: ada.id });
        expect(res.status).toBe(200);
        expect(ZPortalSessionResponse.parse(await res.json()).url).toMatch(pay.ids.portalUrl);
      });
    });

    describe("token top-up", () => {
      const buy = (body: Record<string, unknown>) =>
        call("create-checkout-session", { uid: ada.id, ...body });

      it("is for elite subscribers only, in the spec's words", async () => {
        const none = await buy({ tokenCount: 100, amount: 9 });
        expect(none.status).toBe(403);
        expect(await none.json()).toEqual({ error: MESSAGES.subscribeToPurchaseTokens });
        await subscribe("pro");
        const pro = await buy({ tokenCount: 100, amount: 9 });
        expect(pro.status).toBe(403);
        expect(await pro.json()).toEqual({ error: MESSAGES.planDisallowsTokenPurchase });
      });

      it("refuses a tampered amount or an unknown pack", async () => {
        await subscribe("elite");
        const tampered = await buy({ tokenCount: 1000, amount: 9 });
        expect(tampered.status).toBe(400);
        expect(await tampered.json()).toEqual({ error: PAYMENT_MESSAGES.amountMismatch });
        const unknown = await buy({ tokenCount: 999, amount: 65 });
        expect(unknown.status).toBe(400);
        expect(await unknown.json()).toEqual({ error: PAYMENT_MESSAGES.unknownTokenPack });
      });

      it.each([
        [100, 9],
        [250, 20],
      ])(
        "credits the %i-token pack once, charged at its catalogue price of $%i",
        async (tokenCount, amount) => {
          await subscribe("elite");
          const ok = await buy({ tokenCount, amount });
          expect(ok.status).toBe(200);
          const { sessionId } = ZCheckoutSessionResponse.parse(await ok.json());
          const open = await paymentSession(t, sessionId, ada);
          expect(open.body).toMatchObject({ status: "open", kind: "token_pack", tokenCount });
          expect((await me()).numOfTokens).toBe(0);
          await pay.pay(ada, sessionId);
          await pay.payAgain(ada, sessionId);
          expect(await me()).toMatchObject({ numOfTokens: tokenCount, subscriptionTokens: 275 });
          const answer = await paymentSession(t, sessionId, ada);
          expect(answer.body).toMatchObject({
            status: "complete",
            kind: "token_pack",
            tokenCount,
            amountCents: amount * 100,
          });
          expect(await pay.charges(ada)).toEqual([2400, amount * 100]);
        },
      );
    });
  });
});
