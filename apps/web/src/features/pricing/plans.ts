/**
 * The three monthly plans of SPEC point 9. A later issue moves this catalogue into
 * packages/shared so the server charges from the same list.
 */
export type PlanId = "starter" | "pro" | "elite";

export type Plan = {
  id: PlanId;
  name: string;
  priceUsd: number;
  tokensPerMonth: number;
  aiEdits: boolean;
  tokenTopUp: boolean;
  refundOnFailure: boolean;
  licence: "personal" | "commercial";
  mostPopular: boolean;
  blurb: string;
};

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    priceUsd: 9,
    tokensPerMonth: 100,
    aiEdits: false,
    tokenTopUp: false,
    refundOnFailure: false,
    licence: "personal",
    mostPopular: false,
    blurb: "For trying new scenes for a handful of products.",
  },
  {
    id: "pro",
    name: "Pro",
    priceUsd: 14,
    tokensPerMonth: 160,
    aiEdits: true,
    tokenTopUp: false,
    refundOnFailure: false,
    licence: "personal",
    mostPopular: true,
    blurb: "For creators who refine their shots with AI edits.",
  },
  {
    id: "elite",
    name: "Elite",
    priceUsd: 24,
    tokensPerMonth: 275,
    aiEdits: true,
    tokenTopUp: true,
    refundOnFailure: true,
    licence: "commercial",
    mostPopular: false,
    blurb: "For shops that publish product photos every week.",
  },
];

/** Token prices (SPEC point 9). */
export const TOKEN_COSTS = {
  perMegapixel: 8,
  upscale: 2,
  aiEdit: 2,
} as const;

/** What a month of tokens buys, at most, if spent on one kind of action (1 MP photos). */
export function planAllowance(plan: Plan) {
  return {
    images: Math.floor(plan.tokensPerMonth / TOKEN_COSTS.perMegapixel),
    upscales: Math.floor(plan.tokensPerMonth / TOKEN_COSTS.upscale),
    aiEdits: plan.aiEdits ? Math.floor(plan.tokensPerMonth / TOKEN_COSTS.aiEdit) : 0,
  };
}

export const RESOLUTION_COSTS = [
  { size: "512 × 512", megapixels: "0.26 MP", tokens: 8 },
  { size: "1024 × 1024", megapixels: "1.05 MP", tokens: 16 },
  { size: "1920 × 1080", megapixels: "2.07 MP", tokens: 24 },
  { size: "2048 × 1152", megapixels: "2.36 MP", tokens: 24 },
  { size: "2048 × 2048", megapixels: "4.19 MP", tokens: 40 },
] as const;
