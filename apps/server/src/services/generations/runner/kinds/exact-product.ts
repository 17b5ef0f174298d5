import type { ImageEngine } from "../../../../engines/image-engine.ts";

/** What a generation request says about the product's pixels. */
type ProductAsked = { prompt: string; exactProduct?: boolean | undefined; relightProduct: boolean };

/**
 * Whether a generation keeps the product's pixels exactly as photographed. On fal the product
 * is pasted back over the model's picture, so it is exact unless the seller let the model
 * relight it; elsewhere the seller's choice, or when none was made, the engine's default for the
 * prompt (on for a white or marketplace request).
 */
export function exactProductOf(
  asked: ProductAsked,
  engine: Pick<ImageEngine, "id" | "exactByDefault">,
): boolean {
  if (engine.id === "fal") return !asked.relightProduct;
  return asked.exactProduct ?? engine.exactByDefault?.(asked.prompt) ?? false;
}
