import type { TCurrentUser, TPlanId } from "./account.schema.ts";
import { MESSAGES } from "./messages.ts";
import { PLANS } from "./plans.ts";

/** The statuses the interface acts on (SPEC point 3); any other status counts as none. */
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "canceling"] as const;

export type SubscriptionFields = Pick<
  TCurrentUser,
  | "subscriptionPlanId"
  | "subscriptionStatus"
  | "subscriptionEndDate"
  | "subscriptionRenewalDate"
  | "stripeSubscriptionId"
>;

export type PlanCardDisplay = {
  action: "manage" | "change-plan" | "subscribe";
  /** Manage Subscription is offered only when there is a subscription id. */
  canManage: boolean;
  notice: string | null;
  label: "Active" | "Inactive" | null;
  isExpired: boolean;
};

/** "February 1, 2026", in UTC so server and browser agree on the day. */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The subscription has ended once its end date is in the past (SPEC point 4). */
export function isSubscriptionExpired(
  user: Pick<TCurrentUser, "subscriptionEndDate"> | null,
  now: number,
): boolean {
  if (!user?.subscriptionEndDate) return false;
  return Date.parse(user.subscriptionEndDate) < now;
}

/** Active or canceling, and not past its end date. */
export function hasLiveSubscription(
  user: Pick<TCurrentUser, "subscriptionStatus" | "subscriptionEndDate"> | null,
  now: number,
): boolean {
  const status = user?.subscriptionStatus ?? "";
  return (
    (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status) &&
    !isSubscriptionExpired(user, now)
  );
}

/** What one plan card shows for this user (SPEC point 4 "Subscription display"). */
export function subscriptionDisplay(
  user: SubscriptionFields | null,
  planId: TPlanId,
  now: number,
): PlanCardDisplay {
  const isExpired = isSubscriptionExpired(user, now);
  if (!user || !hasLiveSubscription(user, now)) {
    return { action: "subscribe", canManage: false, notice: null, label: null, isExpired };
  }
  if (user.subscriptionPlanId !== planId) {
    return { action: "change-plan", canManage: false, notice: null, label: null, isExpired };
  }
  const canceling = user.subscriptionStatus === "canceling";
  const date = canceling
    ? user.subscriptionEndDate
    : (user.subscriptionRenewalDate ?? user.subscriptionEndDate);
  const notice = date
    ? canceling
      ? `Subscription will end on ${formatBillingDate(date)}`
      : `Next billing: ${formatBillingDate(date)}`
    : null;
  return {
    action: "manage",
    canManage: Boolean(user.stripeSubscriptionId),
    notice,
    label: canceling ? "Inactive" : "Active",
    isExpired,
  };
}

/**
 * Why this user may not buy a token pack, in the spec's words (point 5), or null when they
 * may: signed in, with a live subscription on a plan that allows top-ups.
 */
export function tokenTopUpRefusal(
  user: Pick<
    TCurrentUser,
    "subscriptionPlanId" | "subscriptionStatus" | "subscriptionEndDate"
  > | null,
  now: number,
): string | null {
  if (!user) return MESSAGES.loginToPurchaseTokens;
  if (!hasLiveSubscription(user, now)) return MESSAGES.subscribeToPurchaseTokens;
  const planId = user.subscriptionPlanId;
  if (planId === "free" || !PLANS[planId].tokenTopUp) return MESSAGES.planDisallowsTokenPurchase;
  return null;
}
