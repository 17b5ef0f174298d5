import { MESSAGES, PAYMENT_MESSAGES } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { StepFailure } from "../lib/app-error.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import type {
  UserProfile,
  UserProfilesRepository,
} from "../repositories/user-profiles.repository.ts";
import { BillingError, createBillingService } from "./billing.service.ts";

const NOW = Date.UTC(2030, 0, 15);
const DAY = 24 * 60 * 60 * 1000;
const user = { id: "user-1", email: "ada@example.com", name: "Ada", emailVerified: true };

function subscriber(status: "active" | "canceling"): UserProfile {
  return {
    userId: user.id,
    name: user.name,
    provider: "email",
    numOfTokens: 0,
    subscriptionTokens: 160,
    subscriptionPlanId: "pro",
    subscriptionStatus: status,
    subscriptionEndDate: NOW + 10 * DAY,
    subscriptionRenewalDate: status === "active" ? NOW + 10 * DAY : null,
    stripeCustomerId: "cus_1",
    stripeSubscriptionId: "sub_1",
    lastSignInAt: null,
    createdAt: 0,
    updatedAt: 0,
  };
}

/** Billing on a provider that records its calls and applies them to the profile at once. */
function billingOf(profile: UserProfile, reactivationFails?: Error) {
  const calls: string[] = [];
  const provider = {
    async reactivate() {
      calls.push("reactivate");
      if (reactivationFails) throw reactivationFails;
      profile.subscriptionStatus = "active";
    },
    async changePlan(_customer: unknown, planId: string) {
      calls.push(`change to ${planId}`);
      profile.subscriptionPlanId = planId;
    },
  } as unknown as PaymentProvider;
  const profiles = { find: async () => profile } as unknown as UserProfilesRepository;
  const billing = createBillingService({ provider, profiles, clock: { now: () => NOW } });
  return { billing, calls };
}

describe("a plan change", () => {
  it("reactivates a canceling subscription, then changes its plan, in one call", async () => {
    const { billing, calls } = billingOf(subscriber("canceling"));
    const state = await billing.changePlan(user, "elite");
    expect(calls).toEqual(["reactivate", "change to elite"]);
    expect(state).toMatchObject({ subscriptionPlanId: "elite", subscriptionStatus: "active" });
  });

  it("changes an active subscription's plan without reactivating it", async () => {
    const { billing, calls } = billingOf(subscriber("active"));
    await billing.changePlan(user, "starter");
    expect(calls).toEqual(["change to starter"]);
  });

  it("words a reactivation that fails unexpectedly as one, and changes nothing", async () => {
    const outage = new Error("connection reset");
    const { billing, calls } = billingOf(subscriber("canceling"), outage);
    const failure = await billing.changePlan(user, "elite").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StepFailure);
    expect(failure).toMatchObject({
      wording: MESSAGES.reactivateSubscriptionFailed,
      cause: outage,
    });
    expect(calls).toEqual(["reactivate"]);
  });

  it("refuses as the plain change does, before reactivating: the same plan, or no subscription", async () => {
    const same = billingOf(subscriber("canceling"));
    await expect(same.billing.changePlan(user, "pro")).rejects.toThrow(PAYMENT_MESSAGES.samePlan);
    const ended = { ...subscriber("active"), subscriptionEndDate: NOW - DAY };
    const none = billingOf(ended);
    const refusal = await none.billing.changePlan(user, "elite").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BillingError);
    expect(refusal).toMatchObject({ status: 409, message: PAYMENT_MESSAGES.noSubscription });
    expect([...same.calls, ...none.calls]).toEqual([]);
  });
});
