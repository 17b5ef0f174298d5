import sharp from "sharp";
import { clamp } from "../../common/index.ts";

/** The scene's light bleeding into the subject's rim, as a real lens and real light do. */
export type LightWrap = {
  /** 0..255 per pixel: how much of the blurred scene shows; 0 everywhere but the edge band. */
  band: Buffer;
  /** The scene blurred to the band's width, RGB. */
  glow: Buffer;
};

/** The band's radius: a few pixels, growing with the picture. */
export function wrapRadius(width: number, height: number): number {
  return Math.max(1.2, Math.hypot(width, height) * 0.0022);
}

/**
 * The edge band inside the subject (up to about two radii deep, strongest at the outline)
 * and the blurred scene that fills it.
 */
export async function lightWrap(
  mask: Buffer,
  scene: Buffer,
  width: number,
  height: number,
): Promise<LightWrap> {
  const radius = wrapRadius(width, height);
  const [softMask, glow] = await Promise.all([
    sharp(mask, { raw: { width, height, channels: 1 } })
      .blur(radius)
      .extractChannel(0)
      .raw()
      .toBuffer(),
    sharp(scene, { raw: { width, height, channels: 3 } })
      .blur(radius * 2)
      .raw()
      .toBuffer(),
  ]);
  const band = Buffer.alloc(width * height);
  for (let i = 0; i < band.length; i++) {
    if ((mask[i] ?? 0) === 0) continue;
    const outside = 1 - (softMask[i] ?? 0) / 255;
    band[i] = Math.round(255 * clamp(outside * 2.2 - 0.02, 0, 1));
  }
  return { band, glow };
}
