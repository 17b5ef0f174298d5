/** Generation price: 8 tokens per started megapixel (SPEC point 9, ARCHITECTURE point 5). */
export const TOKENS_PER_MEGAPIXEL = 8;

export function generationCost(width: number, height: number): number {
  return TOKENS_PER_MEGAPIXEL * Math.ceil((width * height) / 1_000_000);
}
