import { isPaidPlanId, monthlyTokens, type TPaidPlanId } from "@backdrop/shared";
import type { Clock } from "../lib/clock.ts";
import type {
  BillingRepository,
  BillingStatements,
  PeriodPlan,
} from "../repositories/billing.repository.ts";
import { isAbove, upgradeTokens } from "./proration.ts";
import type { TokenLedgerService } from "./token-ledger.service.ts";

/** The provider's subscription as it stood at `observedAt`. */
export type SubscriptionSnapshot = {
  subscriptionId: string;
  planId: TPaidPlanId;
  /** `active`, `canceling` (ends at the period's end), `canceled` (ended), or the provider's. */
  status: string;
  periodStart: number;
  periodEnd: number;
  observedAt: number;
};

/** One consequence of a payment event; an event is a list of these, applied together. */
export type BillingEffect =
  | { type: "customer"; customerId: string }
  | { type: "subscription"; snapshot: SubscriptionSnapshot }
  /** First invoice or renewal: the month's tokens replace what is left; paid at `planId`. */
  | { type: "period-grant"; planId: TPaidPlanId; key: string }
  /**
   * A change of plan with `fraction` of the period left, for which the provider charged
   * `chargedCents`: tokens only for a move above the period's paid plan (see proration.ts).
   */
  | { type: "plan-change"; to: TPaidPlanId; fraction: number; chargedCents: number; key: string }
  | { type: "token-pack"; tokens: number; key: string };

export type BillingEventsService = {
  /**
   * Applies an event's effects exactly once: its id is stored in the same transaction, so a
   * replay changes nothing. Answers false for a replay.
   */
  apply(eventId: string, userId: string, effects: readonly BillingEffect[]): Promise<boolean>;
  /** The plan the user's running period is paid at: what a plan change is measured from. */
  paidPlanOf(userId: string): Promise<TPaidPlanId | null>;
};

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
