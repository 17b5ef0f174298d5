import sharp from "sharp";
import type { EngineImage } from "../../src/engines/image-engine.ts";

/** The small product photo the engine's unit tests share: an orange box with a lighter band. */
export const BOX_PHOTO_WIDTH = 160;
export const BOX_PHOTO_HEIGHT = 120;

export async function boxPhoto(): Promise<EngineImage> {
  const bytes = await sharp({
    create: {
      width: BOX_PHOTO_WIDTH,
      height: BOX_PHOTO_HEIGHT,
      channels: 3,
      background: { r: 200, g: 110, b: 50 },
    },
  })
    .composite([
      {
        input: { create: { width: 80, height: 12, channels: 3, background: "#f0d0a0" } },
        left: 40,
        top: 50,
      },
    ])
    .png()
    .toBuffer();
  return { bytes, contentType: "image/png", width: BOX_PHOTO_WIDTH, height: BOX_PHOTO_HEIGHT };
}
