import { ZCheckoutSessionResponse, ZPortalSessionResponse } from "@backdrop/shared";
import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  createStripeEmulator,
  type EmulatedEvent,
  type StripeEmulator,
} from "../stripe-emulator/stripe-emulator.ts";
import { PRICES, STRIPE_ENV, WEBHOOK_SECRET } from "../stripe-emulator/test-config.ts";
import { deliver } from "../stripe-emulator/webhook-delivery.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./identity.ts";
import { currentUser, postPayment } from "./payments.ts";
import { APP_URL, createTestApp, type TestAppOptions } from "./test-app.ts";

type TestApp = ReturnType<typeof createTestApp>;
type DatabaseHandle = Parameters<typeof createTestApp>[0];
export type TestClock = NonNullable<TestAppOptions["clock"]>;

/** The app on the sandbox provider (no Stripe key), and the provider itself. */
export function sandboxApp(database: DatabaseHandle, clock: TestClock) {
  const t = createTestApp(database, { clock });
  const sandbox = t.container.payments.sandbox;
  if (!sandbox) throw new Error("The sandbox provider is not in use");
  return { t, sandbox };
}

/** The app on Stripe, its SDK pointed at the emulator, and the delivery of Stripe's webhooks. */
export function stripeApp(database: DatabaseHandle, clock: TestClock, emulator: StripeEmulator) {
  const t = createTestApp(database, { clock, env: STRIPE_ENV, stripe: emulator.client() });
  /** Posts each event to the webhook, signed as Stripe signs it; each must be answered 200. */
  async function deliverAll(events: EmulatedEvent[]) {
    for (const event of events) {
      const res = await deliver(t.app, event, WEBHOOK_SECRET);
      expect(res.status).toBe(200);
    }
  }
  return { t, deliverAll };
}

/** POSTs a form from the app's own origin (a sandbox page's button), as `user` or a visitor. */
export function postForm(
  t: TestApp,
  path: string,
  user: SignedIn | null,
  fields: Record<string, string> = {},
) {
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

/** Opens the customer portal through the API; its URL's path. */
export async function portalPath(t: TestApp, user: SignedIn) {
  const res = await postPayment(t, "create-portal-session", { uid: user.id }, user);
  expect(res.status).toBe(200);
  return new URL(ZPortalSessionResponse.parse(await res.json()).url).pathname;
}

/**
 * One payment provider as the contract suite drives it: the app on that provider, and what
 * happens on the provider's side (its hosted pages, its clock, its webhooks), said the same
 * way for both.
 */
export type PaymentDriver = {
  t: TestApp;
  /** Where a checkout sends the user to pay. */
  checkoutUrl(sessionId: string): string;
  /** The shapes of the ids the provider gives, as the account shows them. */
  ids: { customer: RegExp; subscription: RegExp; portalUrl: RegExp };
  /**
   * Whether a plan change's answer already holds its prorated tokens (the sandbox applies it
   * at once) or the tokens come with the provider's invoice webhook (Stripe).
   */
  grantsWithAnswer: boolean;
  /** The user pays the open checkout on the provider's page, and the app hears of it. */
  pay(user: SignedIn, sessionId: string): Promise<void>;
  /** The app hears of that payment again: Pay sent twice, or its webhooks delivered again. */
  payAgain(user: SignedIn, sessionId: string): Promise<void>;
  /** Opens a checkout for `planId` through the API and pays it. */
  subscribe(user: SignedIn, planId: string): Promise<{ sessionId: string; url: string }>;
  /** What the provider has to tell the app since the last call reaches it (Stripe's webhooks). */
  settle(): Promise<void>;
  /** The provider's clock ends the user's running period: renewed, or ended when canceling. */
  endPeriod(user: SignedIn): Promise<void>;
  /** What the user's card was charged, one entry a charge, in cents, oldest first. */
  charges(user: SignedIn): Promise<number[]>;
  /** Credit the provider keeps for the user's next invoices, in cents (none in the sandbox). */
  credit(user: SignedIn): Promise<number>;
};

export type PaymentProviderSetup = {
  label: "sandbox" | "Stripe";
  /** A new app on this provider and `database`, reading the time from `clock`. */
  open(database: DatabaseHandle, clock: TestClock): PaymentDriver;
};

async function openAndPay(
  driver: Pick<PaymentDriver, "t" | "pay">,
  user: SignedIn,
  planId: string,
) {
  const res = await postPayment(driver.t, "create-subscription", { uid: user.id, planId }, user);
  expect(res.status).toBe(200);
  const session = ZCheckoutSessionResponse.parse(await res.json());
  await driver.pay(user, session.sessionId);
  return session;
}

function escaped(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function sandboxDriver(database: DatabaseHandle, clock: TestClock): PaymentDriver {
  const { t, sandbox } = sandboxApp(database, clock);
  /** Pay on the sandbox's checkout page, as a browser would: back to the success page. */
  async function pay(user: SignedIn, sessionId: string) {
    const paid = await postForm(t, `/sandbox/checkout/${sessionId}/pay`, user);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${APP_URL}/payment-success?session_id=${sessionId}`);
  }
  return {
    t,
    checkoutUrl: (sessionId) => `${APP_URL}/sandbox/checkout/${sessionId}`,
    ids: {
      customer: /^cus_sandbox_/,
      subscription: /^sub_sandbox_/,
      portalUrl: new RegExp(`^${escaped(`${APP_URL}/sandbox/portal/bps_sandbox_`)}`),
    },
    grantsWithAnswer: true,
    pay,
    payAgain: pay,
    subscribe: (user, planId) => openAndPay({ t, pay }, user, planId),
    async settle() {},
    async endPeriod(user) {
      // The portal's "End current period now" button is the sandbox's clock.
      const ended = await postForm(t, `${await portalPath(t, user)}/end-period`, user);
      expect(ended.status).toBe(303);
    },
    charges: async (user) => (await sandbox.chargesOf(user.id)).map((c) => c.amountCents),
    credit: async () => 0,
  };
}

function stripeDriver(
  database: DatabaseHandle,
  clock: TestClock,
  emulator: StripeEmulator,
): PaymentDriver {
  const { t, deliverAll } = stripeApp(database, clock, emulator);
  const delivered = new Map<string, EmulatedEvent[]>();
  const customerOf = async (user: SignedIn) => (await currentUser(t, user)).stripeCustomerId ?? "";
  /** Pay on Stripe's page: its webhooks reach the app. */
  async function pay(_user: SignedIn, sessionId: string) {
    const events = emulator.completeCheckout(sessionId);
    delivered.set(sessionId, events);
    await deliverAll(events);
  }
  return {
    t,
    checkoutUrl: (sessionId) => `https://checkout.stripe.test/c/pay/${sessionId}`,
    ids: {
      customer: /^cus_/,
      subscription: /^sub_/,
      portalUrl: /^https:\/\/billing\.stripe\.test\/p\/session\/bps_/,
    },
    grantsWithAnswer: false,
    pay,
    async payAgain(_user, sessionId) {
      await deliverAll(delivered.get(sessionId) ?? []);
    },
    subscribe: (user, planId) => openAndPay({ t, pay }, user, planId),
    settle: async () => deliverAll(emulator.takeEvents()),
    async endPeriod(user) {
      const subscriptionId = (await currentUser(t, user)).stripeSubscriptionId ?? "";
      await deliverAll(emulator.advancePeriod(subscriptionId));
    },
    charges: async (user) => emulator.chargesOf(await customerOf(user)),
    credit: async (user) => emulator.balanceOf(await customerOf(user)),
  };
}

/** Runs the same suite once per payment provider: the sandbox, and Stripe on its emulator. */
export function describeEachProvider(
  title: string,
  suite: (provider: PaymentProviderSetup) => void,
) {
  describe(`${title} — sandbox`, () => suite({ label: "sandbox", open: sandboxDriver }));
  describe(`${title} — Stripe`, () => {
    let clock: TestClock = { now: () => Date.now() };
    const emulator = createStripeEmulator({ prices: PRICES, now: () => clock.now() });
    beforeAll(() => emulator.start());
    afterAll(() => emulator.close());
    suite({
      label: "Stripe",
      open(database, testClock) {
        clock = testClock;
        emulator.takeEvents();
        return stripeDriver(database, testClock, emulator);
      },
    });
  });
}
