import type { TPlanId } from "./account.schema.ts";

/**
 * The plans catalogue of SPEC points 3 and 9: the one list the server charges from and the web
 * app shows. Prices are in US cents so no sum ever meets a rounding error.
 */
export const PAID_PLAN_IDS = ["starter", "pro", "elite"] as const;
export type TPaidPlanId = (typeof PAID_PLAN_IDS)[number];

export type Licence = "personal" | "commercial";

export type Plan = Readonly<{
  id: TPaidPlanId;
  name: string;
  priceCents: number;
  tokensPerMonth: number;
  aiEdits: boolean;
  tokenTopUp: boolean;
  refundOnFailure: boolean;
  licence: Licence;
  mostPopular: boolean;
}>;

export const PLANS: Readonly<Record<TPaidPlanId, Plan>> = Object.freeze({
  starter: {
    id: "starter",
    name: "Starter",
    priceCents: 900,
    tokensPerMonth: 100,
    aiEdits: false,
    tokenTopUp: false,
    refundOnFailure: false,
    licence: "personal",
    mostPopular: false,
  },
  pro: {
    id: "pro",
    name: "Pro",
    priceCents: 1400,
    tokensPerMonth: 160,
    aiEdits: true,
    tokenTopUp: false,
    refundOnFailure: false,
    licence: "personal",
    mostPopular: true,
  },
  elite: {
    id: "elite",
    name: "Elite",
    priceCents: 2400,
    tokensPerMonth: 275,
    aiEdits: true,
    tokenTopUp: true,
    refundOnFailure: true,
    licence: "commercial",
    mostPopular: false,
  },
});

/** The plans in the order the pricing page shows them. */
export const PLAN_LIST: readonly Plan[] = PAID_PLAN_IDS.map((id) => PLANS[id]);

export function isPaidPlanId(value: unknown): value is TPaidPlanId {
  return typeof value === "string" && (PAID_PLAN_IDS as readonly string[]).includes(value);
}

/** Tokens the plan grants each month; the free plan grants none. */
export function monthlyTokens(planId: TPlanId): number {
  return planId === "free" ? 0 : PLANS[planId].tokensPerMonth;
}

export type TokenPack = Readonly<{ tokens: number; priceCents: number }>;

/** Extra tokens for elite subscribers (SPEC point 9). Bought tokens never lapse. */
export const TOKEN_PACKS: readonly TokenPack[] = Object.freeze([
  { tokens: 100, priceCents: 900 },
  { tokens: 250, priceCents: 2000 },
  { tokens: 500, priceCents: 3500 },
  { tokens: 1000, priceCents: 6500 },
]);

export function findTokenPack(tokens: number): TokenPack | undefined {
  return TOKEN_PACKS.find((pack) => pack.tokens === tokens);
}

export const TOKEN_COSTS = Object.freeze({
  /** Per started megapixel of the uploaded image. */
  generationPerMegapixel: 8,
  upscale: 2,
  edit: 2,
});

/** `8 × ceil(width × height / 1,000,000)` tokens (ARCHITECTURE point 5). */
export function generationCost(width: number, height: number): number {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Image size must be positive whole pixels, got ${width}x${height}`);
  }
  return TOKEN_COSTS.generationPerMegapixel * Math.ceil((width * height) / 1_000_000);
}

/**
 * The image the "up to N product images" line counts in: one megapixel, the largest size at
 * the lowest price, so the figure is the most a month buys and never more.
 */
export const REFERENCE_IMAGE = Object.freeze({ width: 1000, height: 1000 });

export type PlanAllowance = { images: number; upscales: number; aiEdits: number };

/** What a month of the plan's tokens buys, at most, when spent on one kind of action. */
export function planAllowance(plan: Plan): PlanAllowance {
  const imageCost = generationCost(REFERENCE_IMAGE.width, REFERENCE_IMAGE.height);
  return {
    images: Math.floor(plan.tokensPerMonth / imageCost),
    upscales: Math.floor(plan.tokensPerMonth / TOKEN_COSTS.upscale),
    aiEdits: plan.aiEdits ? Math.floor(plan.tokensPerMonth / TOKEN_COSTS.edit) : 0,
  };
}

/** The resolution-to-cost table of the pricing page (SPEC point 9), computed from the rule. */
export const RESOLUTION_COSTS = Object.freeze(
  (
    [
      [512, 512],
      [1024, 1024],
      [1920, 1080],
      [2048, 1152],
      [2048, 2048],
    ] as const
  ).map(([width, height]) => ({
    width,
    height,
    megapixels: Math.round((width * height) / 10_000) / 100,
    tokens: generationCost(width, height),
  })),
);

/** "$9", "$20", or "$9.50" when there are cents. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}
