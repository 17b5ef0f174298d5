import {
  PAYMENT_MESSAGES,
  ZCheckoutSessionResponse,
  ZPaymentSessionResponse,
} from "@backdrop/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { asCookie, type SignedIn } from "./helpers/identity.ts";
import { portalPath, postForm, sandboxApp } from "./helpers/payment-drivers.ts";
import {
  adaAndBob,
  currentUser,
  paymentSession,
  postPayment,
  subscribeInSandbox,
} from "./helpers/payments.ts";
import { APP_URL } from "./helpers/test-app.ts";

/**
 * What only the sandbox provider has: its hosted checkout and portal pages, and its own
 * subscription table. What every provider does is in payment-contract*.test.ts.
 */
describeEachDatabase("sandbox provider's pages", (database) => {
  let t: ReturnType<typeof sandboxApp>["t"];
  let sandbox: ReturnType<typeof sandboxApp>["sandbox"];
  let ada: SignedIn;
  let bob: SignedIn;
  let offset = 0;

  beforeEach(async () => {
    offset = 0;
    ({ t, sandbox } = sandboxApp(database.handle(), { now: () => Date.now() + offset }));
    ({ ada, bob } = await adaAndBob(t));
  });

  const call = (path: string, body: unknown, user: SignedIn | null = ada) =>
    postPayment(t, path, body, user);
  const form = (path: string, user: SignedIn | null, fields: Record<string, string> = {}) =>
    postForm(t, path, user, fields);
  const me = (user: SignedIn = ada) => currentUser(t, user);

  describe("checkout page", () => {
    it("shows the checkout page in test mode to its owner only", async () => {
      const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
      const session = ZCheckoutSessionResponse.parse(await res.json());
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
      // Bob's Pay paid nothing: the checkout is still open.
      const open = await paymentSession(t, session.sessionId, ada);
      expect(ZPaymentSessionResponse.parse(open.body)).toMatchObject({ status: "open" });
    });

    it("shows a token pack on its checkout page", async () => {
      await subscribeInSandbox(t, ada, "elite");
      const ok = await call("create-checkout-session", {
        uid: ada.id,
        tokenCount: 250,
        amount: 20,
      });
      const { sessionId } = ZCheckoutSessionResponse.parse(await ok.json());
      const page = await t.app.request(`/sandbox/checkout/${sessionId}`, {
        headers: asCookie(ada),
      });
      expect(await page.text()).toContain("250 tokens");
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

    it("keeps one running subscription per user even when two checkouts are paid at once", async () => {
      const open = async () => {
        const res = await call("create-subscription", { uid: ada.id, planId: "pro" });
        return ZCheckoutSessionResponse.parse(await res.json()).sessionId;
      };
      const sessions = [await open(), await open(), await open()];
      const outcomes = await Promise.allSettled(sessions.map((id) => sandbox.pay(id)));
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const running = await database
        .handle()
        .db.selectFrom("sandbox_subscriptions")
        .select("id")
        .where("user_id", "=", ada.id)
        .execute();
      expect(running).toHaveLength(1);
      const charged = (await sandbox.chargesOf(ada.id)).map((c) => c.amountCents);
      expect(charged).toEqual([1400]);
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
  });

  describe("customer portal", () => {
    it("shows the period's end and the sandbox's clock, to its owner only", async () => {
      await subscribeInSandbox(t, ada, "elite");
      const portal = await portalPath(t, ada);
      const page = await t.app.request(portal, { headers: asCookie(ada) });
      const html = await page.text();
      expect(html).toContain("Renews on");
      expect(html).toContain("End current period now");
      expect((await t.app.request(portal, { headers: asCookie(bob) })).status).toBe(404);
      await call("cancel-subscription", { uid: ada.id });
      expect(await (await t.app.request(portal, { headers: asCookie(ada) })).text()).toContain(
        "Ends on",
      );
      // The sandbox's clock ends the period now, mid-month: a canceling subscription ends.
      expect((await form(`${portal}/end-period`, ada)).status).toBe(303);
      offset = 1000;
      expect(await me()).toMatchObject({
        subscriptionPlanId: "free",
        subscriptionStatus: "canceled",
        subscriptionTokens: 0,
      });
    });

    it("changes plan and cancels from the portal page", async () => {
      await subscribeInSandbox(t, ada, "starter");
      const portal = await portalPath(t, ada);
      expect((await form(`${portal}/cancel`, ada)).status).toBe(303);
      expect((await me()).subscriptionStatus).toBe("canceling");
      expect((await form(`${portal}/change-plan`, ada, { planId: "pro" })).status).toBe(303);
      expect(await me()).toMatchObject({ subscriptionPlanId: "pro", subscriptionStatus: "active" });
      const bad = await form(`${portal}/change-plan`, ada, { planId: "gold" });
      expect(bad.status).toBe(409);
      expect(await bad.text()).toContain(PAYMENT_MESSAGES.unknownPlan);
    });
  });
});
