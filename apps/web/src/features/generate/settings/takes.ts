import { MAX_VARIATIONS } from "@backdrop/shared";

/** How many takes Generate can make of one photo: 1 to the server's most. */
export const TAKE_COUNTS = Array.from({ length: MAX_VARIATIONS }, (_, index) => index + 1);
export const DEFAULT_TAKES = 1;

/** What Generate costs: each take is charged as one generation at the output size. */
export type GenerationPrice = { perTake: number; takes: number; total: number };

/** The price of `takes` takes of a photo costing `perTake`; null before a photo is picked. */
export function priceOf(perTake: number | null, takes: number): GenerationPrice | null {
  return perTake === null ? null : { perTake, takes, total: perTake * takes };
}
