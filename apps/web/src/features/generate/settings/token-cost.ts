import { generationCost, TOKEN_COSTS } from "@backdrop/shared";

/** Prices of SPEC point 9, from the shared plan constants the server charges by. */
export const TOKENS_PER_MEGAPIXEL = TOKEN_COSTS.generationPerMegapixel;
export const UPSCALE_COST = TOKEN_COSTS.upscale;
export { generationCost };
export const EDIT_COST = TOKEN_COSTS.edit;
