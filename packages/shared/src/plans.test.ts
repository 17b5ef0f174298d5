import { describe, expect, it } from "vitest";
import {
  findTokenPack,
  formatUsd,
  generationCost,
  monthlyTokens,
  PLAN_LIST,
  PLANS,
  planAllowance,
  RESOLUTION_COSTS,
  TOKEN_COSTS,
  TOKEN_PACKS,
} from "./plans.ts";

describe("plans catalogue", () => {
  it("holds SPEC point 9's three plans in order, pro most popular", () => {
    expect(PLAN_LIST.map((plan) => [plan.id, plan.priceCents, plan.tokensPerMonth])).toEqual([
      ["starter", 900, 100],
      ["pro", 1400, 160],
      ["elite", 2400, 275],
    ]);
    expect(PLAN_LIST.filter((plan) => plan.mostPopular).map((plan) => plan.id)).toEqual(["pro"]);
  });

  it("gives AI edits to pro and elite, top-ups, refunds and a commercial licence to elite", () => {
    const flags = PLAN_LIST.map((p) => [p.aiEdits, p.tokenTopUp, p.refundOnFailure, p.licence]);
    expect(flags).toEqual([
      [false, false, false, "personal"],
      [true, false, false, "personal"],
      [true, true, true, "commercial"],
    ]);
  });

  it("grants nothing on the free plan", () => {
    expect(monthlyTokens("free")).toBe(0);
    expect(monthlyTokens("elite")).toBe(275);
  });

  it("sells the four token packs and finds them by token count only", () => {
    expect(TOKEN_PACKS.map((pack) => [pack.tokens, formatUsd(pack.priceCents)])).toEqual([
      [100, "$9"],
      [250, "$20"],
      [500, "$35"],
      [1000, "$65"],
    ]);
    expect(findTokenPack(250)?.priceCents).toBe(2000);
    expect(findTokenPack(251)).toBeUndefined();
  });
});

describe("token costs", () => {
  it("charges 8 tokens per started megapixel", () => {
    expect(generationCost(1, 1)).toBe(8);
    expect(generationCost(1000, 1000)).toBe(8);
    expect(generationCost(1000, 1001)).toBe(16);
    expect(generationCost(2048, 2048)).toBe(40);
  });

  it("matches the spec's resolution table", () => {
    expect(
      RESOLUTION_COSTS.map((row) => [row.width, row.height, row.megapixels, row.tokens]),
    ).toEqual([
      [512, 512, 0.26, 8],
      [1024, 1024, 1.05, 16],
      [1920, 1080, 2.07, 24],
      [2048, 1152, 2.36, 24],
      [2048, 2048, 4.19, 40],
    ]);
  });

  it("refuses sizes that are not whole positive pixels", () => {
    expect(() => generationCost(0, 10)).toThrow(RangeError);
    expect(() => generationCost(10.5, 10)).toThrow(RangeError);
  });

  it("prices upscale and edit at 2 tokens", () => {
    expect(TOKEN_COSTS).toMatchObject({ upscale: 2, edit: 2 });
  });
});

describe("plan allowance", () => {
  it("derives the 'up to N' lines from the costs, for one-megapixel photos", () => {
    expect(planAllowance(PLANS.starter)).toEqual({ images: 12, upscales: 50, aiEdits: 0 });
    expect(planAllowance(PLANS.pro)).toEqual({ images: 20, upscales: 80, aiEdits: 80 });
    expect(planAllowance(PLANS.elite)).toEqual({ images: 34, upscales: 137, aiEdits: 137 });
  });

  it("never promises more than a month's tokens buy", () => {
    for (const plan of PLAN_LIST) {
      const { images, upscales } = planAllowance(plan);
      expect(images * generationCost(1000, 1000)).toBeLessThanOrEqual(plan.tokensPerMonth);
      expect(upscales * TOKEN_COSTS.upscale).toBeLessThanOrEqual(plan.tokensPerMonth);
    }
  });
});
