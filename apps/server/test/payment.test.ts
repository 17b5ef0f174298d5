import {
  AUTH_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  ZCheckoutSessionResponse,
  ZPaymentSessionResponse,
  ZPlanChangeQuoteResponse,
  ZPortalSessionResponse,
  ZSubscriptionStateResponse,
} from "@backdrop/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { adaAndBob, currentUser, paymentSession, postPayment } from "./helpers/payments.ts";
import { APP_URL, createTestApp, postJson } from "./helpers/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("payment endpoints and sandbox provider", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;
  let bob: SignedIn;
  let offset = 0;

  beforeEach(async () => {
    offset = 0;
    t = createTestApp(database.handle(), { clock: { now: () => Date.now() + offset } });
    ({ ada, bob } = await adaAndBob(t));
  });

  const call = (path: string, body: unknown, user: SignedIn | null = ada) =>
    postPayment(t, path, body, user);

  async function form(path: string, user: SignedIn | null, fields: Record<string, string> = {}) {
    return t.app.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...SAME_ORIGIN,
        ...(user ? asCookie(user) : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  const me = (user: SignedIn = ada) => currentUser(t, user);

  /** Starts a checkout and pays it on the sandbox page, as a browser would. */
  async function subscribe(planId: string, user: SignedIn = ada) {
    const res = await call("create-subscription", { uid: user.id, planId }, user);
    expect(res.status).toBe(200);
    const session = ZCheckoutSessionResponse.parse(await res.json());
    const paid = await form(`/sandbox/checkout/${session.sessionId}/pay`, user);
    expect(paid.status).toBe(303);
    return session;
  }

  async function portalPath(user: SignedIn = ada) {
    const res = await call("create-portal-session", { uid: user.id }, user);
    expect(res.status).toBe(200);
    return new URL(ZPortalSessionResponse.parse(await res.json()).url).pathname;
  }

  describe("authorisation", () => {
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

  describe("subscribing through the sandbox checkout", () => {
    it("shows the checkout page in test mode to its owner only", async () => {
      const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
      const session = ZCheckoutSessionResponse.parse(await res.json());
      expect(session.url).toBe(`${APP_URL}/sandbox/checkout/${session.sessionId}`);
      const page = await t.app.request(`/sandbox/checkout/${session.sessionId}`, {
        headers: asCookie(ada),
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("TEST MODE");
      expect(html).toContain("Pro plan");
      expect(html).toContain("$14 / month");
      const foreign = await t.app.request(`/sandbox/checkout/${session.sessionId}`, {
        headers: asCookie(bob),
      });
      expect(foreign.status).toBe(404);
      expect((await t.app.request(`/sandbox/checkout/${session.sessionId}`)).status).toBe(401);
      expect((await form(`/sandbox/checkout/${session.sessionId}/pay`, bob)).status).toBe(404);
      const open = await paymentSession(t, session.sessionId, ada);
      expect(ZPaymentSessionResponse.parse(open.body)).toMatchObject({
        status: "open",
        kind: "subscription",
        planId: "pro",
        amountCents: 1400,
      });
    });

    it("activates the plan and grants its tokens once, however often Pay is sent", async () => {
      const session = await subscribe("pro");
      const again = await form(`/sandbox/checkout/${session.sessionId}/pay`, ada);
      expect(again.headers.get("location")).toBe(
        `${APP_URL}/payment-success?session_id=${session.sessionId}`,
      );
      const user = await me();
      expect(user).toMatchObject({
        subscriptionPlanId: "pro",
        subscriptionStatus: "active",
        subscriptionTokens: 160,
        numOfTokens: 0,
      });
      expect(user.stripeCustomerId).toMatch(/^cus_sandbox_/);
      expect(user.stripeSubscriptionId).toMatch(/^sub_sandbox_/);
      expect(user.subscriptionRenewalDate).toBe(user.subscriptionEndDate);
      const answer = await paymentSession(t, session.sessionId, ada);
      expect(answer.body).toMatchObject({ status: "complete" });
      const foreign = await paymentSession(t, session.sessionId, bob);
      expect(foreign.status).toBe(404);
    });

    it("refuses a form posted from a foreign origin", async () => {
      const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
      const { sessionId } = ZCheckoutSessionResponse.parse(await res.json());
      const forged = await t.app.request(`/sandbox/checkout/${sessionId}/pay`, {
        method: "POST",
        headers: { origin: "https://evil.example", ...asCookie(ada) },
      });
      expect(forged.status).toBe(403);
      expect((await me()).subscriptionPlanId).toBe("free");
    });

    it("leads Cancel to the cancelled page and grants nothing", async () => {
      const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
      const { sessionId } = ZCheckoutSessionResponse.parse(await res.json());
      const canceled = await form(`/sandbox/checkout/${sessionId}/cancel`, ada);
      expect(canceled.headers.get("location")).toBe(`${APP_URL}/payment-cancelled`);
      expect((await form(`/sandbox/checkout/${sessionId}/pay`, ada)).status).toBe(303);
      expect(await me()).toMatchObject({ subscriptionPlanId: "free", subscriptionTokens: 0 });
      const answer = await paymentSession(t, sessionId, ada);
      expect(answer.body).toMatchObject({ status: "expired" });
    });

    it("refuses a second subscription", async () => {
      await subscribe("starter");
      const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: PAYMENT_MESSAGES.alreadySubscribed });
    });
  });

  describe("managing the subscription", () => {
    it("cancels at the period's end and reactivates", async () => {
      await subscribe("pro");
      const canceled = await call("cancel-subscription", { uid: ada.id });
      expect(canceled.status).toBe(200);
      const state = ZSubscriptionStateResponse.parse(await canceled.json());
      expect(state).toMatchObject({
        subscriptionStatus: "canceling",
        subscriptionRenewalDate: null,
      });
      expect(state.subscriptionEndDate).not.toBeNull();
      expect((await call("cancel-subscription", { uid: ada.id })).status).toBe(409);
      const reactivated = await call("reactivate-subscription", { uid: ada.id });
      expect(await reactivated.json()).toMatchObject({ subscriptionStatus: "active" });
      const twice = await call("reactivate-subscription", { uid: ada.id });
      expect(twice.status).toBe(409);
      expect(await twice.json()).toEqual({ error: PAYMENT_MESSAGES.notCanceling });
    });

    it("refuses to manage what does not exist", async () => {
      const res = await call("cancel-subscription", { uid: ada.id });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: PAYMENT_MESSAGES.noSubscription });
      expect((await call("create-portal-session", { uid: ada.id })).status).toBe(409);
    });

    const quote = async (newPlanId: string, user: SignedIn = ada) => {
      const res = await t.app.request(`/api/payment/plan-change-quote?newPlanId=${newPlanId}`, {
        headers: asCookie(user),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const chargedCents = async () =>
      (await t.container.payments.sandbox?.chargesOf(ada.id))?.map((c) => c.amountCents) ?? [];

    it("charges and grants the difference for the time left when moving up, at the quoted figures", async () => {
      await subscribe("pro");
      offset = 10 * DAY;
      const quoted = await quote("elite");
      expect(quoted.status).toBe(200);
      const figures = ZPlanChangeQuoteResponse.parse(quoted.body);
      expect(figures).toMatchObject({ planId: "elite", paidPlanId: "pro" });
      // About two thirds of a month left: two thirds of $10 and of 115 tokens.
      expect(figures.chargeCents).toBeGreaterThan(600);
      expect(figures.chargeCents).toBeLessThan(720);
      expect(figures.tokens).toBeGreaterThan(70);
      expect(figures.tokens).toBeLessThan(83);
      offset += 60_000;
      const upgraded = await call("update-subscription", {
        uid: ada.id,
        newPlanId: "elite",
        quotedAt: figures.quotedAt,
      });
      expect(upgraded.status).toBe(200);
      expect(await upgraded.json()).toMatchObject({
        subscriptionPlanId: "elite",
        subscriptionTokens: 160 + figures.tokens,
      });
      expect(await chargedCents()).toEqual([1400, figures.chargeCents]);
      const same = await call("update-subscription", { uid: ada.id, newPlanId: "elite" });
      expect(await same.json()).toEqual({ error: PAYMENT_MESSAGES.samePlan });
      expect((await quote("elite")).status).toBe(409);
    });

    it("moves down at once, keeping the period's tokens, with no charge and no credit", async () => {
      await subscribe("elite");
      await t.container.services.tokenLedger.debit(ada.id, 200, "job-1");
      offset = 15 * DAY;
      expect(ZPlanChangeQuoteResponse.parse((await quote("starter")).body)).toMatchObject({
        chargeCents: 0,
        tokens: 0,
        paidPlanId: "elite",
      });
      const downgraded = await call("update-subscription", { uid: ada.id, newPlanId: "starter" });
      expect(await downgraded.json()).toMatchObject({
        subscriptionPlanId: "starter",
        subscriptionTokens: 75,
      });
      // Back up to the plan this period is already paid at: free, and no tokens again.
      expect(ZPlanChangeQuoteResponse.parse((await quote("elite")).body)).toMatchObject({
        chargeCents: 0,
        tokens: 0,
      });
      await call("update-subscription", { uid: ada.id, newPlanId: "elite" });
      expect(await me()).toMatchObject({ subscriptionPlanId: "elite", subscriptionTokens: 75 });
      expect(await chargedCents()).toEqual([2400]);
      // The next period is billed at the plan then chosen.
      await call("update-subscription", { uid: ada.id, newPlanId: "pro" });
      await form(`${await portalPath()}/end-period`, ada);
      expect(await me()).toMatchObject({ subscriptionPlanId: "pro", subscriptionTokens: 160 });
      expect(await chargedCents()).toEqual([2400, 1400]);
    });

    it("gives nothing for the review's upgrade, spend, downgrade cycle", async () => {
      await subscribe("starter");
      for (let cycle = 0; cycle < 2; cycle += 1) {
        await call("update-subscription", { uid: ada.id, newPlanId: "elite" });
        const { subscriptionTokens } = await me();
        if (subscriptionTokens > 0) {
          await t.container.services.tokenLedger.debit(ada.id, subscriptionTokens, `job-${cycle}`);
        }
        await call("update-subscription", { uid: ada.id, newPlanId: "starter" });
      }
      const spent = (await t.container.repositories.tokenLedger.listForUser(ada.id))
        .filter((entry) => entry.kind === "debit")
        .reduce((sum, entry) => sum - entry.deltaSubscriptionTokens, 0);
      // One elite month's tokens at most (a moment of the month had passed), paid as one elite
      // month: $9, then $15 for the rest. The review got 400 tokens for $9 here.
      expect(spent).toBeGreaterThanOrEqual(274);
      expect(spent).toBeLessThanOrEqual(275);
      expect((await chargedCents()).reduce((a, b) => a + b, 0)).toBe(2400);
    });

    it("keeps one running subscription per user even when two checkouts are paid at once", async () => {
      const open = async () => {
        const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
        return ZCheckoutSessionResponse.parse(await res.json()).sessionId;
      };
      const sessions = [await open(), await open(), await open()];
      const sandbox = t.container.payments.sandbox;
      const outcomes = await Promise.allSettled(sessions.map((id) => sandbox?.pay(id)));
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const running = await database
        .handle()
        .db.selectFrom("sandbox_subscriptions")
        .select("id")
        .where("user_id", "=", ada.id)
        .execute();
      expect(running).toHaveLength(1);
      expect(await chargedCents()).toEqual([1400]);
      // The database itself refuses a second running subscription.
      await expect(
        database
          .handle()
          .db.insertInto("sandbox_subscriptions")
          .values({
            id: "sub_second",
            user_id: ada.id,
            plan_id: "pro",
            status: "active",
            period_start: 0,
            period_end: 1,
            created_at: 0,
            updated_at: 0,
          })
          .execute(),
      ).rejects.toThrow();
    });

    it("renews with a fresh monthly grant from the portal's clock", async () => {
      await subscribe("pro");
      await t.container.services.tokenLedger.debit(ada.id, 100, "job-1");
      const portal = await portalPath();
      const page = await t.app.request(portal, { headers: asCookie(ada) });
      const html = await page.text();
      expect(html).toContain("Renews on");
      expect(html).toContain("End current period now");
      expect((await t.app.request(portal, { headers: asCookie(bob) })).status).toBe(404);
      const before = await me();
      offset = 31 * DAY;
      expect((await form(`${portal}/end-period`, ada)).status).toBe(303);
      const after = await me();
      expect(after).toMatchObject({ subscriptionStatus: "active", subscriptionTokens: 160 });
      expect(Date.parse(after.subscriptionEndDate ?? "")).toBeGreaterThan(
        Date.parse(before.subscriptionEndDate ?? ""),
      );
    });

    it("ends a canceling subscription when its period ends", async () => {
      await subscribe("elite");
      await call("cancel-subscription", { uid: ada.id });
      const portal = await portalPath();
      expect(await (await t.app.request(portal, { headers: asCookie(ada) })).text()).toContain(
        "Ends on",
      );
      await form(`${portal}/end-period`, ada);
      offset = 1000;
      const user = await me();
      expect(user).toMatchObject({
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

    it("changes plan and cancels from the portal page", async () => {
      await subscribe("starter");
      const portal = await portalPath();
      expect((await form(`${portal}/cancel`, ada)).status).toBe(303);
      expect((await me()).subscriptionStatus).toBe("canceling");
      expect((await form(`${portal}/change-plan`, ada, { planId: "pro" })).status).toBe(303);
      expect(await me()).toMatchObject({ subscriptionPlanId: "pro", subscriptionStatus: "active" });
      const bad = await form(`${portal}/change-plan`, ada, { planId: "gold" });
      expect(bad.status).toBe(409);
      expect(await bad.text()).toContain(PAYMENT_MESSAGES.unknownPlan);
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

    it("charges the catalogue price and refuses a tampered amount or an unknown pack", async () => {
      await subscribe("elite");
      const tampered = await buy({ tokenCount: 1000, amount: 9 });
      expect(tampered.status).toBe(400);
      expect(await tampered.json()).toEqual({ error: PAYMENT_MESSAGES.amountMismatch });
      const unknown = await buy({ tokenCount: 999, amount: 65 });
      expect(await unknown.json()).toEqual({ error: PAYMENT_MESSAGES.unknownTokenPack });
      const ok = await buy({ tokenCount: 250, amount: 20 });
      expect(ok.status).toBe(200);
      const { sessionId } = ZCheckoutSessionResponse.parse(await ok.json());
      const page = await t.app.request(`/sandbox/checkout/${sessionId}`, {
        headers: asCookie(ada),
      });
      expect(await page.text()).toContain("250 tokens");
      await form(`/sandbox/checkout/${sessionId}/pay`, ada);
      await form(`/sandbox/checkout/${sessionId}/pay`, ada);
      expect(await me()).toMatchObject({ numOfTokens: 250, subscriptionTokens: 275 });
      const answer = await paymentSession(t, sessionId, ada);
      expect(answer.body).toMatchObject({
        status: "complete",
        kind: "token_pack",
        tokenCount: 250,
      });
    });
  });

  it("keeps every balance equal to the ledger's sums", async () => {
    await subscribe("pro");
    await call("update-subscription", { uid: ada.id, newPlanId: "elite" });
    const ledger = t.container.repositories.tokenLedger;
    const user = await me();
    expect(await ledger.sums(ada.id)).toEqual({
      numOfTokens: user.numOfTokens,
      subscriptionTokens: user.subscriptionTokens,
    });
  });
});
