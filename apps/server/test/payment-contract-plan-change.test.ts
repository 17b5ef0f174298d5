import {
  PAYMENT_MESSAGES,
  ZPlanChangeQuoteResponse,
  ZSubscriptionStateResponse,
} from "@backdrop/shared";
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { asCookie, type SignedIn } from "./helpers/identity.ts";
import { describeEachProvider, type PaymentDriver } from "./helpers/payment-drivers.ts";
import { adaAndBob, currentUser, postPayment } from "./helpers/payments.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Plan changes, their quotes and the periods' grants, the same on every provider: what each
 * period grants is what its money buys (docs/decisions.md). The sandbox and Stripe each pass it.
 */
describeEachDatabase("payment contract: plan changes and renewals", (database) => {
  describeEachProvider("payments", (provider) => {
    let offset = 0;
    const clock = { now: () => Date.now() + offset };
    let pay: PaymentDriver;
    let t: PaymentDriver["t"];
    let ada: SignedIn;

    beforeEach(async () => {
      offset = 0;
      pay = provider.open(database.handle(), clock);
      t = pay.t;
      ({ ada } = await adaAndBob(t));
    });
    afterEach(async () => {
      await t.container.close();
    });

    const call = (path: string, body: unknown, user: SignedIn = ada) =>
      postPayment(t, path, body, user);
    const me = (user: SignedIn = ada) => currentUser(t, user);
    const subscribe = (planId: string, user: SignedIn = ada) => pay.subscribe(user, planId);
    const quote = async (newPlanId: string, user: SignedIn = ada) => {
      const res = await t.app.request(`/api/payment/plan-change-quote?newPlanId=${newPlanId}`, {
        headers: asCookie(user),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    /** Changes plan through the API, then lets the provider's notifications reach the app. */
    const change = async (newPlanId: string, quotedAt?: number) => {
      const res = await call("update-subscription", { uid: ada.id, newPlanId, quotedAt });
      await pay.settle();
      return res;
    };

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
      expect(ZSubscriptionStateResponse.parse(await upgraded.json())).toMatchObject({
        subscriptionPlanId: "elite",
        // The sandbox grants as it answers; Stripe's tokens come with the invoice's webhook.
        subscriptionTokens: pay.grantsWithAnswer ? 160 + figures.tokens : 160,
      });
      await pay.settle();
      expect(await me()).toMatchObject({
        subscriptionPlanId: "elite",
        subscriptionTokens: 160 + figures.tokens,
      });
      expect(await pay.charges(ada)).toEqual([1400, figures.chargeCents]);
      const same = await call("update-subscription", { uid: ada.id, newPlanId: "elite" });
      expect(same.status).toBe(409);
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
      await pay.settle();
      expect(await me()).toMatchObject({ subscriptionPlanId: "starter", subscriptionTokens: 75 });
      expect(await pay.credit(ada)).toBe(0);
      // Back up to the plan this period is already paid at: free, and no tokens again.
      expect(ZPlanChangeQuoteResponse.parse((await quote("elite")).body)).toMatchObject({
        chargeCents: 0,
        tokens: 0,
      });
      await change("elite");
      expect(await me()).toMatchObject({ subscriptionPlanId: "elite", subscriptionTokens: 75 });
      expect(await pay.charges(ada)).toEqual([2400]);
      // The next period is billed at the plan then chosen.
      await change("pro");
      offset = 31 * DAY;
      await pay.endPeriod(ada);
      expect(await me()).toMatchObject({ subscriptionPlanId: "pro", subscriptionTokens: 160 });
      expect(await pay.charges(ada)).toEqual([2400, 1400]);
    });

    it("moves down, then up past the paid plan from it, at the quoted figures", async () => {
      await subscribe("pro");
      await t.container.services.tokenLedger.debit(ada.id, 100, "job-1");
      offset = 10 * DAY;
      const down = await change("starter");
      expect(down.status).toBe(200);
      expect(await me()).toMatchObject({ subscriptionPlanId: "starter", subscriptionTokens: 60 });
      expect(await pay.charges(ada)).toEqual([1400]);
      expect(await pay.credit(ada)).toBe(0);

      // Up to elite: charged from pro, the plan this period is paid at, as quoted.
      const quoted = ZPlanChangeQuoteResponse.parse((await quote("elite")).body);
      expect(quoted).toMatchObject({ planId: "elite", paidPlanId: "pro" });
      offset += 90_000;
      await change("elite", quoted.quotedAt);
      expect(await pay.charges(ada)).toEqual([1400, quoted.chargeCents]);
      expect(await me()).toMatchObject({
        subscriptionPlanId: "elite",
        subscriptionTokens: 60 + quoted.tokens,
      });
      expect(quoted.tokens).toBeGreaterThan(70);
      expect(quoted.tokens).toBeLessThan(80);
    });

    it("gives nothing for the review's upgrade, spend, downgrade cycle, and leaves no credit", async () => {
      await subscribe("starter");
      for (let cycle = 0; cycle < 2; cycle += 1) {
        await change("elite");
        const { subscriptionTokens } = await me();
        if (subscriptionTokens > 0) {
          await t.container.services.tokenLedger.debit(ada.id, subscriptionTokens, `job-${cycle}`);
        }
        await change("starter");
      }
      const spent = (await t.container.repositories.tokenLedger.listForUser(ada.id))
        .filter((entry) => entry.kind === "debit")
        .reduce((sum, entry) => sum - entry.deltaSubscriptionTokens, 0);
      // One elite month's tokens at most (a moment of the month had passed), paid as one elite
      // month: $9, then $15 for the rest. The review got 400 tokens for $9 here.
      expect(spent).toBeGreaterThanOrEqual(274);
      expect(spent).toBeLessThanOrEqual(275);
      expect((await pay.charges(ada)).reduce((a, b) => a + b, 0)).toBe(2400);
      // No downgrade credit is waiting to pay the next upgrade.
      expect(await pay.credit(ada)).toBe(0);
    });

    it("reactivates a canceling subscription and changes its plan in the one call", async () => {
      await subscribe("pro");
      expect((await call("cancel-subscription", { uid: ada.id })).status).toBe(200);
      await pay.settle();
      expect((await me()).subscriptionStatus).toBe("canceling");
      offset = 10 * DAY;
      const changed = await change("elite");
      expect(changed.status).toBe(200);
      expect(await me()).toMatchObject({
        subscriptionPlanId: "elite",
        subscriptionStatus: "active",
      });
      // Kept running: the period ends renewed at the new plan, not canceled.
      offset = 31 * DAY;
      await pay.endPeriod(ada);
      expect(await me()).toMatchObject({
        subscriptionPlanId: "elite",
        subscriptionStatus: "active",
      });
      expect((await pay.charges(ada)).at(-1)).toBe(2400);
    });

    it("renews with a fresh monthly grant when the period ends", async () => {
      await subscribe("pro");
      await t.container.services.tokenLedger.debit(ada.id, 100, "job-1");
      const before = await me();
      offset = 31 * DAY;
      await pay.endPeriod(ada);
      const after = await me();
      expect(after).toMatchObject({ subscriptionStatus: "active", subscriptionTokens: 160 });
      expect(Date.parse(after.subscriptionEndDate ?? "")).toBeGreaterThan(
        Date.parse(before.subscriptionEndDate ?? ""),
      );
      expect(await pay.charges(ada)).toEqual([1400, 1400]);
    });

    it("keeps every balance equal to the ledger's sums", async () => {
      await subscribe("pro");
      await change("elite");
      const ledger = t.container.repositories.tokenLedger;
      const user = await me();
      expect(await ledger.sums(ada.id)).toEqual({
        numOfTokens: user.numOfTokens,
        subscriptionTokens: user.subscriptionTokens,
      });
    });
  });
});
