import { isPaidPlanId, monthlyTokens, type TPaidPlanId } from "@backdrop/shared";
import type { Clock } from "../lib/clock.ts";
import type {
  BillingEffect,
  BillingEvents,
  SubscriptionSnapshot,
} from "../payments/billing-events.ts";
import { isAbove, upgradeTokens } from "../payments/proration.ts";
import type {
  BillingRepository,
  BillingStatements,
  PeriodPlan,
} from "../repositories/billing.repository.ts";
import type { TokenLedgerService } from "./token-ledger.service.ts";

export type BillingEventsService = BillingEvents;

/** The period's paid plan; before any was recorded, the plan the profile shows. */
function paidPlan({ periodPlanId, subscriptionPlanId }: PeriodPlan): TPaidPlanId | null {
  if (isPaidPlanId(periodPlanId)) return periodPlanId;
  return isPaidPlanId(subscriptionPlanId) ? subscriptionPlanId : null;
}

export function createBillingEventsService({
  repository,
  ledger,
  clock,
}: {
  repository: BillingRepository;
  ledger: TokenLedgerService;
  clock: Clock;
}): BillingEventsService {
  async function mirror(tx: BillingStatements, userId: string, snapshot: SubscriptionSnapshot) {
    const held = await tx.subscriptionSync(userId);
    // Events arrive out of order; news older than what we hold is dropped.
    if (held.syncedAt !== null && snapshot.observedAt < held.syncedAt) return;
    // A late word about an earlier subscription must not end the one now running.
    const running =
      (held.status === "active" || held.status === "canceling") &&
      (held.endDate === null || held.endDate > snapshot.observedAt);
    if (running && held.subscriptionId !== snapshot.subscriptionId) return;
    const ended = snapshot.status === "canceled";
    await tx.setSubscription(userId, {
      subscriptionPlanId: ended ? "free" : snapshot.planId,
      subscriptionStatus: snapshot.status,
      subscriptionEndDate: snapshot.periodEnd,
      subscriptionRenewalDate: snapshot.status === "active" ? snapshot.periodEnd : null,
      stripeSubscriptionId: snapshot.subscriptionId,
      syncedAt: snapshot.observedAt,
    });
    if (ended) {
      await ledger.within(tx.ledger).grant(userId, 0, `expire:${snapshot.subscriptionId}`);
    }
  }

  async function applyEffect(tx: BillingStatements, userId: string, effect: BillingEffect) {
    const ops = ledger.within(tx.ledger);
    switch (effect.type) {
      case "customer":
        return tx.setCustomer(userId, effect.customerId, clock.now());
      case "subscription":
        return mirror(tx, userId, effect.snapshot);
      case "period-grant":
        await tx.setPeriodPlan(userId, effect.planId);
        return ops.grant(userId, monthlyTokens(effect.planId), effect.key);
      case "plan-change": {
        const paid = paidPlan(await tx.periodPlan(userId));
        if (!paid || !isAbove(effect.to, paid)) return;
        await tx.setPeriodPlan(userId, effect.to);
        const tokens = upgradeTokens(paid, effect.to, effect.fraction, effect.chargedCents);
        return ops.adjust(userId, tokens, effect.key);
      }
      case "token-pack":
        return ops.credit(userId, effect.tokens, effect.key);
    }
  }

  return {
    apply(eventId, userId, effects) {
      return repository.transaction(async (tx) => {
        if (!(await tx.markEventProcessed(eventId, clock.now()))) return false;
        for (const effect of effects) await applyEffect(tx, userId, effect);
        return true;
      });
    },

    async paidPlanOf(userId) {
      return paidPlan(await repository.periodPlan(userId));
    },
  };
}
