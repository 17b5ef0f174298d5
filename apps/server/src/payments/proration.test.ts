import { PLANS, type TPaidPlanId } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { isAbove, remainingFraction, upgradeChargeCents, upgradeTokens } from "./proration.ts";

describe("proration", () => {
  it("measures the share of the period left, clamped to the period", () => {
    expect(remainingFraction(0, 100, 25)).toBe(0.75);
    expect(remainingFraction(0, 100, 150)).toBe(0);
    expect(remainingFraction(0, 100, -5)).toBe(1);
    expect(remainingFraction(10, 10, 10)).toBe(0);
  });

  it("orders the plans as the catalogue does", () => {
    expect(isAbove("elite", "pro")).toBe(true);
    expect(isAbove("pro", "starter")).toBe(true);
    expect(isAbove("starter", "elite")).toBe(false);
    expect(isAbove("pro", "pro")).toBe(false);
  });

  it("charges the price difference for the time left on a move above the paid plan", () => {
    expect(upgradeChargeCents("starter", "elite", 0.5)).toBe(750);
    // Rounded up to the cent: the sandbox never charges less than the rule.
    expect(upgradeChargeCents("pro", "elite", 1 / 3)).toBe(334);
  });

  it("charges nothing for a move down, or back up to a plan already paid for", () => {
    expect(upgradeChargeCents("elite", "pro", 0.25)).toBe(0);
    expect(upgradeChargeCents("elite", "elite", 0.9)).toBe(0);
    expect(upgradeTokens("elite", "starter", 0.5, 0)).toBe(0);
    expect(upgradeTokens("elite", "pro", 0.5, 500)).toBe(0);
  });

  it("grants the token difference for the time left, rounded down", () => {
    expect(upgradeTokens("starter", "elite", 1, 1500)).toBe(175);
    expect(upgradeTokens("starter", "pro", 0.5, 250)).toBe(30);
    expect(upgradeTokens("pro", "elite", 1 / 3, 334)).toBe(38);
  });

  it("grants no more than the charge actually made buys", () => {
    // Stripe rounded the charge a cent down: one token fewer than the time left would give.
    expect(upgradeTokens("starter", "pro", 0.98389, 491)).toBe(58);
    expect(upgradeTokens("starter", "elite", 0.5, 0)).toBe(0);
  });

  it("never gives a period more tokens than its money buys at the best plan's own rate", () => {
    const best = Math.max(...Object.values(PLANS).map((p) => p.tokensPerMonth / p.priceCents));
    const pairs: [TPaidPlanId, TPaidPlanId][] = [
      ["starter", "pro"],
      ["pro", "elite"],
      ["starter", "elite"],
    ];
    for (const [from, to] of pairs) {
      for (let step = 0; step <= 1000; step += 1) {
        const fraction = step / 1000;
        const charged = upgradeChargeCents(from, to, fraction);
        const granted = PLANS[from].tokensPerMonth + upgradeTokens(from, to, fraction, charged);
        const paid = PLANS[from].priceCents + charged;
        expect(granted).toBeLessThanOrEqual(paid * best + 1e-9);
      }
    }
  });
});
