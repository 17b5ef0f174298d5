import { PAYMENT_MESSAGES } from "@backdrop/shared";
import { afterEach, beforeEach, expect, it } from "vitest";
import { CHECKOUT_RATE_LIMIT } from "../src/container.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import type { SignedIn } from "./helpers/identity.ts";
import { adaAndBob, postPayment, subscribeInSandbox } from "./helpers/payments.ts";
import { createTestApp } from "./helpers/test-app.ts";

const MINUTE = 60_000;

describeEachDatabase("checkout sessions per user", (database) => {
  let offset = 0;
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;
  let bob: SignedIn;

  beforeEach(async () => {
    offset = 0;
    t = createTestApp(database.handle(), { clock: { now: () => Date.now() + offset } });
    ({ ada, bob } = await adaAndBob(t));
  });
  afterEach(async () => {
    await t.container.close();
  });

  const checkoutsOf = async (user: SignedIn) =>
    (
      await database
        .handle()
        .db.selectFrom("sandbox_checkout_sessions")
        .select("id")
        .where("user_id", "=", user.id)
        .execute()
    ).length;

  async function expectRefused(res: Response) {
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: PAYMENT_MESSAGES.tooManyCheckouts });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  }

  it("allows 10 subscription checkouts per user in ten minutes", async () => {
    expect(CHECKOUT_RATE_LIMIT).toEqual({ limit: 10, windowMs: 10 * MINUTE });
    const subscribe = (user: SignedIn) =>
      postPayment(t, "create-subscription", { uid: user.id, planId: "pro" }, user);
    for (let i = 0; i < 10; i += 1) expect((await subscribe(ada)).status).toBe(200);
    await expectRefused(await subscribe(ada));
    expect(await checkoutsOf(ada)).toBe(10);

    // Counted per user: Bob, from the same address, still opens his.
    expect((await subscribe(bob)).status).toBe(200);

    offset = 10 * MINUTE;
    expect((await subscribe(ada)).status).toBe(200);
  });

  it("allows 10 token-pack checkouts per user in ten minutes", async () => {
    await subscribeInSandbox(t, ada, "elite");
    const buy = () =>
      postPayment(t, "create-checkout-session", { uid: ada.id, tokenCount: 100, amount: 9 }, ada);
    const before = await checkoutsOf(ada);
    for (let i = 0; i < 10; i += 1) expect((await buy()).status).toBe(200);
    await expectRefused(await buy());
    expect(await checkoutsOf(ada)).toBe(before + 10);

    offset = 10 * MINUTE;
    expect((await buy()).status).toBe(200);
  });
});
