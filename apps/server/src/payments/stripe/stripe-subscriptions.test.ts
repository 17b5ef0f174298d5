import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripePrices } from "./stripe-prices.ts";
import { snapshotOf, statusOf } from "./stripe-subscriptions.ts";

const prices = stripePrices({
  planPrices: { starter: "price_s", pro: "price_p", elite: "price_e" },
  packPrices: { 100: "price_100" },
});

function subscription(fields: Partial<Stripe.Subscription> = {}, price = "price_p") {
  return {
    id: "sub_1",
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    ended_at: null,
    items: { data: [{ price: { id: price }, current_period_start: 100, current_period_end: 200 }] },
    ...fields,
  } as unknown as Stripe.Subscription;
}

describe("Stripe subscriptions", () => {
  it.each([
    [{}, "active"],
    [{ status: "trialing" }, "active"],
    [{ cancel_at_period_end: true }, "canceling"],
    [{ cancel_at: 150 }, "canceling"],
    [{ status: "past_due" }, "past_due"],
    [{ status: "canceled" }, "canceled"],
    [{ status: "incomplete_expired" }, "canceled"],
  ] as const)("reads %o as %s", (fields, expected) => {
    expect(statusOf(subscription(fields as Partial<Stripe.Subscription>))).toBe(expected);
  });

  it("takes the plan and the period from the item, in milliseconds", () => {
    expect(snapshotOf(subscription(), prices, 5)).toEqual({
      subscriptionId: "sub_1",
      planId: "pro",
      status: "active",
      periodStart: 100_000,
      periodEnd: 200_000,
      observedAt: 5,
    });
  });

  it("ends at cancel_at when one is set, and at ended_at once canceled", () => {
    expect(snapshotOf(subscription({ cancel_at: 150 }), prices, 5)?.periodEnd).toBe(150_000);
    const ended = subscription({ status: "canceled", ended_at: 120 });
    expect(snapshotOf(ended, prices, 5)).toMatchObject({ status: "canceled", periodEnd: 120_000 });
  });

  it("knows no plan for a price it was not configured with", () => {
    expect(snapshotOf(subscription({}, "price_other"), prices, 5)).toBeNull();
    expect(prices.planOf("price_e")).toBe("elite");
    expect(prices.ofPack(100)).toBe("price_100");
  });
});
