import sharp from "sharp";
import type { Rgba } from "./decode.ts";

/**
 * Blurred alpha at or above this share of full counts as full: the feather stays within a few
 * pixels of the outline and the product's inside is its original pixels exactly.
 */
const SOLID_SHARE = 0.9;

/**
 * A subject's own pixels (`placed`: RGBA at the result's size, transparent elsewhere) put back
 * over another picture of it (a model's, or an edit's new scene). Its outline is feathered
 * inward over about `feather` pixels, so the picture's own edge light blends into it instead of
 * a hard cut-out line. RGBA, opaque where the result is.
 */
export async function pasteSubject(result: Rgba, placed: Rgba, feather: number): Promise<Buffer> {
  const { width, height } = result;
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = placed.rgba[i * 4 + 3] ?? 0;
  const blurred = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .blur(Math.max(0.3, feather / 2))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.from(result.rgba);
  for (let i = 0; i < alpha.length; i++) {
    const own = alpha[i] ?? 0;
    if (own === 0) continue;
    // Never more than the cut-out's own alpha, so nothing outside the subject is covered.
    const soft = Math.min(own, Math.min(255, ((blurred[i] ?? 0) * 255) / (255 * SOLID_SHARE)));
    const share = soft / 255;
    for (let c = 0; c < 3; c++) {
      const p = i * 4 + c;
      const under = out[p] ?? 0;
      out[p] = Math.round(under + ((placed.rgba[p] ?? 0) - under) * share);
    }
  }
  return out;
}
