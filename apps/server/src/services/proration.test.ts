import { describe, expect, it } from "vitest";
import { proratedChargeCents, proratedTokenDelta, remainingFraction } from "./proration.ts";

describe("proration", () => {
  it("measures the share of the period left, clamped to the period", () => {
    expect(remainingFraction(0, 100, 25)).toBe(0.75);
    expect(remainingFraction(0, 100, 150)).toBe(0);
    expect(remainingFraction(0, 100, -5)).toBe(1);
    expect(remainingFraction(10, 10, 10)).toBe(0);
  });

  it("grants the prorated difference on an upgrade", () => {
    expect(proratedTokenDelta("starter", "elite", 1)).toBe(175);
    expect(proratedTokenDelta("starter", "pro", 0.5)).toBe(30);
    expect(proratedTokenDelta("pro", "elite", 1 / 3)).toBe(38);
  });

  it("takes back the prorated difference on a downgrade", () => {
    // Halves round towards the customer: -87.5 gives up 87.
    expect(proratedTokenDelta("elite", "starter", 0.5)).toBe(-87);
    expect(proratedTokenDelta("pro", "pro", 0.5)).toBe(0);
    expect(Object.is(proratedTokenDelta("elite", "pro", 0), 0)).toBe(true);
  });

  it("charges or credits the prorated price difference in cents", () => {
    expect(proratedChargeCents("starter", "elite", 0.5)).toBe(750);
    expect(proratedChargeCents("elite", "pro", 0.25)).toBe(-250);
  });
});
