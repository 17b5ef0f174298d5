import { z } from "zod";
import { FIDELITY_KEPT } from "./fidelity.ts";

/**
 * How close the product in a result is to the original photo's, over the product's inside:
 * the share of its pixels within ΔE 2 (CIEDE2000), their mean ΔE, and a picture of where it
 * differs (green within ΔE 2, amber up to 5, red beyond).
 */
export const ZFidelity = z.object({
  withinDeltaE2: z.number().min(0).max(1),
  meanDeltaE: z.number().min(0),
  kept: z.enum(FIDELITY_KEPT),
  differenceUrl: z.string().nullable(),
});
export type TFidelity = z.infer<typeof ZFidelity>;
