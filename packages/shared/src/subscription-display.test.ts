import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";
import {
  type SubscriptionFields,
  subscriptionDisplay,
  tokenTopUpRefusal,
} from "./subscription-display.ts";

const NOW = Date.UTC(2026, 0, 15);
const FEB_1 = new Date(Date.UTC(2026, 1, 1)).toISOString();
const JAN_1 = new Date(Date.UTC(2026, 0, 1)).toISOString();

const pro = (overrides: Partial<SubscriptionFields> = {}): SubscriptionFields => ({
  subscriptionPlanId: "pro",
  subscriptionStatus: "active",
  subscriptionEndDate: FEB_1,
  subscriptionRenewalDate: FEB_1,
  stripeSubscriptionId: "sub_1",
  ...overrides,
});

describe("subscriptionDisplay", () => {
  it("offers Subscribe on every card to a visitor or a free user", () => {
    expect(subscriptionDisplay(null, "pro", NOW)).toEqual({
      action: "subscribe",
      canManage: false,
      notice: null,
      label: null,
      isExpired: false,
    });
    const free = pro({
      subscriptionPlanId: "free",
      subscriptionStatus: null,
      subscriptionEndDate: null,
    });
    expect(subscriptionDisplay(free, "starter", NOW).action).toBe("subscribe");
  });

  it("shows Manage, the next billing date and Active on the active plan's card", () => {
    expect(subscriptionDisplay(pro(), "pro", NOW)).toEqual({
      action: "manage",
      canManage: true,
      notice: "Next billing: February 1, 2026",
      label: "Active",
      isExpired: false,
    });
  });

  it("shows the end date and Inactive while canceling", () => {
    const display = subscriptionDisplay(
      pro({ subscriptionStatus: "canceling", subscriptionRenewalDate: null }),
      "pro",
      NOW,
    );
    expect(display).toMatchObject({
      action: "manage",
      notice: "Subscription will end on February 1, 2026",
      label: "Inactive",
    });
  });

  it("hides Manage Subscription when there is no subscription id", () => {
    expect(subscriptionDisplay(pro({ stripeSubscriptionId: null }), "pro", NOW).canManage).toBe(
      false,
    );
  });

  it("offers Change Plan on the other cards, while active or canceling", () => {
    expect(subscriptionDisplay(pro(), "elite", NOW).action).toBe("change-plan");
    expect(
      subscriptionDisplay(pro({ subscriptionStatus: "canceling" }), "starter", NOW).action,
    ).toBe("change-plan");
  });

  it("treats a subscription past its end date as expired, and offers Subscribe again", () => {
    const ended = pro({ subscriptionStatus: "canceled", subscriptionEndDate: JAN_1 });
    expect(subscriptionDisplay(ended, "pro", NOW)).toMatchObject({
      action: "subscribe",
      isExpired: true,
    });
    const lateRenewal = pro({ subscriptionEndDate: JAN_1 });
    expect(subscriptionDisplay(lateRenewal, "pro", NOW)).toMatchObject({
      action: "subscribe",
      isExpired: true,
    });
  });

  it("ignores statuses the interface does not handle", () => {
    expect(subscriptionDisplay(pro({ subscriptionStatus: "past_due" }), "pro", NOW).action).toBe(
      "subscribe",
    );
  });
});

describe("tokenTopUpRefusal", () => {
  it("words each refusal as SPEC point 5 does", () => {
    expect(tokenTopUpRefusal(null, NOW)).toBe(MESSAGES.loginToPurchaseTokens);
    expect(tokenTopUpRefusal(pro({ subscriptionStatus: null }), NOW)).toBe(
      MESSAGES.subscribeToPurchaseTokens,
    );
    expect(tokenTopUpRefusal(pro(), NOW)).toBe(MESSAGES.planDisallowsTokenPurchase);
  });

  it("lets an elite subscriber buy, active or canceling, until the end date", () => {
    const elite = pro({ subscriptionPlanId: "elite" });
    expect(tokenTopUpRefusal(elite, NOW)).toBeNull();
    expect(tokenTopUpRefusal({ ...elite, subscriptionStatus: "canceling" }, NOW)).toBeNull();
    expect(tokenTopUpRefusal({ ...elite, subscriptionEndDate: JAN_1 }, NOW)).toBe(
      MESSAGES.subscribeToPurchaseTokens,
    );
  });
});
