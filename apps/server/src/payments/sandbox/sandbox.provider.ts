import { randomUUID } from "node:crypto";
import { isPaidPlanId, PLANS, type TPaidPlanId } from "@backdrop/shared";
import type { Clock } from "../../lib/clock.ts";
import {
  AlreadySubscribedError,
  type SandboxCharge,
  type SandboxPaymentsRepository,
  type SandboxSubscription,
} from "../../repositories/sandbox-payments.repository.ts";
import type { BillingEffect, BillingEvents, SubscriptionSnapshot } from "../billing-events.ts";
import type {
  BillingCustomer,
  CheckoutSession,
  PaymentProvider,
  PlanChangeQuote,
} from "../payment-provider.ts";
import { remainingFraction, upgradeChargeCents, upgradeTokens } from "../proration.ts";

/** The sandbox refuses an action: the page shows this line. */
export class SandboxError extends Error {
  override name = "SandboxError";
}

export type SandboxProvider = PaymentProvider & {
  id: "sandbox";
  /** Pays an open checkout; false when it was already closed. */
  pay(sessionId: string): Promise<boolean>;
  abandon(sessionId: string): Promise<void>;
  findCheckout(sessionId: string): Promise<CheckoutSession | null>;
  portalOwner(portalSessionId: string): Promise<string | undefined>;
  subscriptionOf(userId: string): Promise<SandboxSubscription | undefined>;
  /** The sandbox clock: ends the running period now, renewing or, when canceling, ending it. */
  endPeriod(userId: string): Promise<void>;
  /** What the sandbox charged the user, as a card statement would show it. */
  chargesOf(userId: string): Promise<SandboxCharge[]>;
};

function planOf(subscription: SandboxSubscription): TPaidPlanId {
  if (!isPaidPlanId(subscription.planId)) throw new SandboxError("Unknown plan");
  return subscription.planId;
}

/** One calendar month later, as Stripe bills monthly plans. */
export function addMonth(epochMs: number): number {
  const date = new Date(epochMs);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

export function createSandboxProvider({
  repository,
  events,
  clock,
  appUrl,
}: {
  repository: SandboxPaymentsRepository;
  events: BillingEvents;
  clock: Clock;
  appUrl: string;
}): SandboxProvider {
  const customerIdOf = (userId: string) => `cus_sandbox_${userId}`;

  function snapshot(subscription: SandboxSubscription): SubscriptionSnapshot {
    const ended = subscription.status === "canceled";
    return {
      subscriptionId: subscription.id,
      planId: planOf(subscription),
      status: ended ? "canceled" : subscription.cancelAtPeriodEnd ? "canceling" : "active",
      periodStart: subscription.periodStart,
      periodEnd: subscription.periodEnd,
      observedAt: clock.now(),
    };
  }

  /** Reports a change the way a webhook would: a fresh event id, applied once. */
  function report(userId: string, effects: BillingEffect[]) {
    return events.apply(`sandbox_evt_${randomUUID()}`, userId, effects);
  }

  function charge(
    userId: string,
    kind: SandboxCharge["kind"],
    amountCents: number,
    reference: string,
  ): Promise<void> {
    return repository.insertCharge({
      id: randomUUID(),
      userId,
      kind,
      amountCents,
      reference,
      createdAt: clock.now(),
    });
  }

  /** The figures of a change to `planId` at `at`, by the rule of proration.ts. */
  async function quote(
    customer: BillingCustomer,
    current: SandboxSubscription,
    planId: TPaidPlanId,
    at: number,
  ): Promise<PlanChangeQuote & { fraction: number }> {
    const paid = (await events.paidPlanOf(customer.userId)) ?? planOf(current);
    const fraction = remainingFraction(current.periodStart, current.periodEnd, at);
    const chargeCents = upgradeChargeCents(paid, planId, fraction);
    const tokens = upgradeTokens(paid, planId, fraction, chargeCents);
    return { planId, paidPlanId: paid, chargeCents, tokens, fraction };
  }

  async function runningSubscription(customer: BillingCustomer): Promise<SandboxSubscription> {
    const subscription = await repository.findActiveSubscription(customer.userId);
    if (!subscription) throw new SandboxError("There is no running subscription");
    return subscription;
  }

  async function createCheckout(
    customer: BillingCustomer,
    fields: Pick<CheckoutSession, "kind" | "planId" | "tokenCount" | "amountCents">,
  ) {
    const sessionId = `cs_sandbox_${randomUUID()}`;
    await repository.insertCheckout({
      id: sessionId,
      userId: customer.userId,
      status: "open",
      createdAt: clock.now(),
      ...fields,
    });
    return { sessionId, url: `${appUrl}/sandbox/checkout/${sessionId}` };
  }

  async function findCheckout(sessionId: string): Promise<CheckoutSession | null> {
    const checkout = await repository.findCheckout(sessionId);
    if (!checkout) return null;
    return {
      sessionId: checkout.id,
      userId: checkout.userId,
      status: checkout.status,
      kind: checkout.kind,
      planId: checkout.planId !== null && isPaidPlanId(checkout.planId) ? checkout.planId : null,
      tokenCount: checkout.tokenCount,
      amountCents: checkout.amountCents,
    };
  }

  return {
    id: "sandbox",

    createSubscriptionCheckout(customer, planId) {
      return createCheckout(customer, {
        kind: "subscription",
        planId,
        tokenCount: null,
        amountCents: PLANS[planId].priceCents,
      });
    },

    createPackCheckout(customer, pack) {
      return createCheckout(customer, {
        kind: "token_pack",
        planId: null,
        tokenCount: pack.tokens,
        amountCents: pack.priceCents,
      });
    },

    async createPortalSession(customer) {
      const id = `bps_sandbox_${randomUUID()}`;
      await repository.insertPortalSession(id, customer.userId, clock.now());
      return { url: `${appUrl}/sandbox/portal/${id}` };
    },

    async cancelAtPeriodEnd(customer) {
      const subscription = { ...(await runningSubscription(customer)), cancelAtPeriodEnd: true };
      await repository.updateSubscription(subscription, clock.now());
      await report(customer.userId, [{ type: "subscription", snapshot: snapshot(subscription) }]);
    },

    async cancelNow(customer) {
      const current = await repository.findActiveSubscription(customer.userId);
      if (!current) return;
      const now = clock.now();
      const ended: SandboxSubscription = { ...current, status: "canceled", periodEnd: now };
      await repository.updateSubscription(ended, now);
      await report(customer.userId, [{ type: "subscription", snapshot: snapshot(ended) }]);
    },

    async reactivate(customer) {
      const subscription = { ...(await runningSubscription(customer)), cancelAtPeriodEnd: false };
      await repository.updateSubscription(subscription, clock.now());
      await report(customer.userId, [{ type: "subscription", snapshot: snapshot(subscription) }]);
    },

    async previewPlanChange(customer, planId, at) {
      const { fraction: _fraction, ...figures } = await quote(
        customer,
        await runningSubscription(customer),
        planId,
        at,
      );
      return figures;
    },

    async changePlan(customer, planId, at) {
      const current = await runningSubscription(customer);
      const { chargeCents, fraction } = await quote(customer, current, planId, at);
      const changed = { ...current, planId };
      await repository.updateSubscription(changed, clock.now());
      const key = `sandbox_change_${randomUUID()}`;
      if (chargeCents > 0) await charge(customer.userId, "plan-change", chargeCents, key);
      await report(customer.userId, [
        { type: "plan-change", to: planId, fraction, chargedCents: chargeCents, key },
        { type: "subscription", snapshot: snapshot(changed) },
      ]);
    },

    getCheckoutSession: findCheckout,
    findCheckout,

    async pay(sessionId) {
      const checkout = await repository.findCheckout(sessionId);
      if (!checkout) throw new SandboxError("Unknown checkout session");
      const now = clock.now();
      const customer: BillingEffect = {
        type: "customer",
        customerId: customerIdOf(checkout.userId),
      };
      if (checkout.kind === "token_pack") {
        if (!(await repository.closeCheckout(sessionId, "complete", now))) return false;
        await charge(checkout.userId, "token_pack", checkout.amountCents, sessionId);
        await events.apply(`sandbox_evt_${sessionId}`, checkout.userId, [
          customer,
          { type: "token-pack", tokens: checkout.tokenCount ?? 0, key: `pack:${sessionId}` },
        ]);
        return true;
      }
      const subscription: SandboxSubscription = {
        id: `sub_sandbox_${randomUUID()}`,
        userId: checkout.userId,
        planId: checkout.planId ?? "",
        status: "active",
        cancelAtPeriodEnd: false,
        periodStart: now,
        periodEnd: addMonth(now),
      };
      const started = await repository
        .subscribeFromCheckout(sessionId, subscription, now)
        .catch((error: unknown) => {
          if (error instanceof AlreadySubscribedError) {
            throw new SandboxError("You already have a subscription");
          }
          throw error;
        });
      if (!started) return false;
      await charge(checkout.userId, "subscription", checkout.amountCents, subscription.id);
      await events.apply(`sandbox_evt_${sessionId}`, checkout.userId, [
        customer,
        { type: "subscription", snapshot: snapshot(subscription) },
        {
          type: "period-grant",
          planId: planOf(subscription),
          key: `invoice:${subscription.id}:${now}`,
        },
      ]);
      return true;
    },

    async abandon(sessionId) {
      await repository.closeCheckout(sessionId, "expired", clock.now());
    },

    portalOwner: (id) => repository.findPortalOwner(id),
    chargesOf: (userId) => repository.chargesOf(userId),
    subscriptionOf: (userId) => repository.findActiveSubscription(userId),

    async endPeriod(userId) {
      const current = await repository.findActiveSubscription(userId);
      if (!current) throw new SandboxError("There is no running subscription");
      const now = clock.now();
      if (current.cancelAtPeriodEnd) {
        const ended: SandboxSubscription = { ...current, status: "canceled", periodEnd: now };
        await repository.updateSubscription(ended, now);
        await report(userId, [{ type: "subscription", snapshot: snapshot(ended) }]);
        return;
      }
      const renewed = { ...current, periodStart: now, periodEnd: addMonth(now) };
      await repository.updateSubscription(renewed, now);
      await charge(userId, "renewal", PLANS[planOf(renewed)].priceCents, renewed.id);
      await report(userId, [
        { type: "subscription", snapshot: snapshot(renewed) },
        { type: "period-grant", planId: planOf(renewed), key: `invoice:${renewed.id}:${now}` },
      ]);
    },
  };
}
