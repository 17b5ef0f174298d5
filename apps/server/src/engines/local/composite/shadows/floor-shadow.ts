import sharp from "sharp";
import type { Bounds, RenderQuality } from "../../types.ts";
import { castShadow, type ShadowProjection } from "./cast-shadow.ts";
import { contactShadow } from "./contact-shadow.ts";

export type FloorShadowOptions = {
  projection: ShadowProjection;
  hardness: number;
  /** Peak opacities 0..1 of the cast and the contact shadow. */
  castOpacity: number;
  contactOpacity: number;
  quality: RenderQuality;
};

/** Shadows are soft: they are drawn at most this big (longest side) and scaled up. */
const WORKING_SIDE: Record<RenderQuality, number> = { fast: 560, rich: 1100 };

/**
 * Everything the subject darkens on the floor, as one opacity plane (0..255) at the mask's
 * size: the cast shadow and the contact shadow, combined like two layers of shade.
 */
export async function floorShadow(
  mask: Buffer,
  width: number,
  height: number,
  bounds: Bounds,
  options: FloorShadowOptions,
): Promise<Buffer> {
  const factor = Math.min(1, WORKING_SIDE[options.quality] / Math.max(width, height));
  const small = {
    width: Math.max(2, Math.round(width * factor)),
    height: Math.max(2, Math.round(height * factor)),
  };
  const data =
    factor < 1
      ? await sharp(mask, { raw: { width, height, channels: 1 } })
          .resize(small.width, small.height, { fit: "fill" })
          .extractChannel(0)
          .raw()
          .toBuffer()
      : mask;
  const plane = { data, ...small };
  const scaled = {
    left: Math.floor(bounds.left * factor),
    top: Math.floor(bounds.top * factor),
    right: Math.ceil(bounds.right * factor),
    bottom: Math.round(bounds.bottom * factor),
  };
  const [cast, contact] = await Promise.all([
    options.castOpacity > 0
      ? castShadow(plane, scaled, options.projection, options.hardness, options.quality)
      : undefined,
    options.contactOpacity > 0 ? contactShadow(plane, scaled) : undefined,
  ]);
  const combined = Buffer.alloc(small.width * small.height);
  for (let i = 0; i < combined.length; i++) {
    const a = ((cast?.[i] ?? 0) / 255) * options.castOpacity;
    const b = ((contact?.[i] ?? 0) / 255) * options.contactOpacity;
    combined[i] = Math.round(255 * (1 - (1 - a) * (1 - b)));
  }
  if (factor === 1) return combined;
  return sharp(combined, { raw: { ...small, channels: 1 } })
    .resize(width, height, { fit: "fill", kernel: "cubic" })
    .extractChannel(0)
    .raw()
    .toBuffer();
}
