import { ZCheckoutSessionResponse } from "@backdrop/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { deleteAccount, PASSWORD } from "./helpers/identity.ts";
import { stripeApp } from "./helpers/payment-drivers.ts";
import { adaAndBob, currentUser, postPayment } from "./helpers/payments.ts";
import { createStripeEmulator } from "./stripe-emulator/stripe-emulator.ts";
import { PRICES } from "./stripe-emulator/test-config.ts";

describeEachDatabase("account deletion on Stripe", (database) => {
  const emulator = createStripeEmulator({ prices: PRICES, now: () => Date.now() });
  beforeAll(() => emulator.start());
  afterAll(() => emulator.close());

  it("cancels the subscription at once through Stripe's API before deleting", async () => {
    emulator.takeEvents();
    const { t, deliverAll } = stripeApp(database.handle(), { now: () => Date.now() }, emulator);
    try {
      const { ada } = await adaAndBob(t);
      const res = await postPayment(t, "create-subscription", { uid: ada.id, planId: "pro" }, ada);
      const session = ZCheckoutSessionResponse.parse(await res.json());
      await deliverAll(emulator.completeCheckout(session.sessionId));
      const subscriptionId = (await currentUser(t, ada)).stripeSubscriptionId ?? "";
      expect(emulator.subscription(subscriptionId)?.status).toBe("active");

      const deleted = await deleteAccount(t.app, ada, { password: PASSWORD });
      expect(deleted.status).toBe(200);
      expect(emulator.subscription(subscriptionId)?.status).toBe("canceled");
      expect(emulator.subscription(subscriptionId)?.cancel_at_period_end).toBe(false);
      expect(
        emulator.requests.some(
          (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscriptionId}`,
        ),
      ).toBe(true);
      // Stripe's news of the ended subscription finds no account, and is answered 200.
      await deliverAll(emulator.takeEvents());
    } finally {
      await t.container.close();
    }
  });
});
