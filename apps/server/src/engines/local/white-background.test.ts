import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { rgbOf } from "../../../test/helpers/image-pixels.ts";
import { middleCutout } from "../../../test/helpers/stand-in-cutout.ts";
import { standInEngine } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineImage, EngineResult } from "../image-engine.ts";
import { decodeImage } from "./common/index.ts";
import { layoutOnWhite, WHITE_FILL } from "./composite/index.ts";
import { cutOut } from "./cutout/index.ts";
import { planOf, readSceneState } from "./scene-state/index.ts";

/** White backgrounds through the whole engine: generate, encode, keep, edit. */

const { engine, generate, edit } = standInEngine();

/** A product photo: an orange box (the stand-in cut-out's middle) with a band, on grey. */
async function photo(width = 160, height = 120): Promise<EngineImage> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 110, b: 50 } },
  })
    .composite([
      {
        input: {
          create: { width: width / 2, height: height / 10, channels: 3, background: "#f0d0a0" },
        },
        left: width / 4,
        top: Math.round(height * 0.4),
      },
    ])
    .png()
    .toBuffer();
  return { bytes, contentType: "image/png", width, height };
}

async function generated(prompt: string, image?: EngineImage): Promise<EngineResult> {
  return generate(image ?? (await photo()), prompt);
}

/** The subject as the composite places it on the result's canvas: its mask at that size. */
async function placedMask(image: EngineImage, result: EngineImage) {
  const cut = await cutOut(middleCutout, await decodeImage(image.bytes));
  return (await layoutOnWhite(cut, result)).cutout.mask;
}

/** The share of pixels outside the subject (mask 0) that are exactly 255, 255, 255. */
function whiteOutside(rgb: Buffer, mask: Uint8Array): number {
  let outside = 0;
  let white = 0;
  for (let i = 0; i < mask.length; i++) {
    if ((mask[i] ?? 0) > 0) continue;
    outside++;
    if (rgb[i * 3] === 255 && rgb[i * 3 + 1] === 255 && rgb[i * 3 + 2] === 255) white++;
  }
  return white / Math.max(1, outside);
}

describe("local engine, white (marketplace) backgrounds", () => {
  it("gives a square with pure white corners and a centred subject filling 90% of its side", async () => {
    const result = await generated("white background, soft shadow, amazon listing");
    const { rgb, width, height } = await rgbOf(result);
    expect(width).toBe(height);
    for (const i of [0, width - 1, (height - 1) * width, height * width - 1]) {
      expect([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]]).toEqual([255, 255, 255]);
    }
    const mask = await placedMask(await photo(), result);
    // Only the soft contact shadow under the base is not white (with the subject filling 90%
    // of the square, it is a larger share of the little white left).
    expect(whiteOutside(rgb, mask)).toBeGreaterThan(0.7);
    expect(whiteOutside(rgb, mask)).toBeLessThan(1);
    let [left, top, right, bottom] = [width, height, 0, 0];
    for (let i = 0; i < mask.length; i++) {
      if ((mask[i] ?? 0) < 128) continue;
      const [x, y] = [i % width, Math.floor(i / width)];
      [left, top] = [Math.min(left, x), Math.min(top, y)];
      [right, bottom] = [Math.max(right, x + 1), Math.max(bottom, y + 1)];
    }
    const larger = Math.max(right - left, bottom - top) / Math.min(width, height);
    expect(Math.abs(larger - WHITE_FILL)).toBeLessThanOrEqual(0.03);
    expect(Math.abs((left + right) / 2 - width / 2) / width).toBeLessThanOrEqual(0.02);
    expect(Math.abs((top + bottom) / 2 - height / 2) / height).toBeLessThanOrEqual(0.02);
  });

  it("with no shadow, is pure white everywhere outside the subject", async () => {
    const result = await generated("pure white background, no shadow");
    const { rgb } = await rgbOf(result);
    expect(whiteOutside(rgb, await placedMask(await photo(), result))).toBe(1);
  });

  it("stays pure white in a large picture stored as JPEG", async () => {
    const big = await photo(1600, 1000);
    const result = await generated("pure white background, no shadow", big);
    expect(result.contentType).toBe("image/jpeg");
    const { rgb } = await rgbOf(result);
    const mask = await placedMask(big, result);
    // JPEG blocks that touch the subject may ring a little; flat white stays exactly white.
    expect(whiteOutside(rgb, mask)).toBeGreaterThan(0.97);
  });

  it("edits a white result: warmer is allowed, a place leaves it, no shadow makes it all white", async () => {
    const before = await generated("white background, soft shadow, amazon listing");
    expect(engine.checkEdit?.("warmer", true)).toBeUndefined();
    const warmer = await edit(before, "warmer");
    const state = warmer.keep && readSceneState(warmer.keep.state);
    expect(state?.look.warmth).toBeGreaterThan(0);
    expect(state && planOf(state).setting).toBe("white");

    const unshaded = await edit(before, "remove the shadow");
    const { rgb } = await rgbOf(unshaded);
    expect(whiteOutside(rgb, await placedMask(await photo(), unshaded))).toBe(1);

    const beach = await edit(before, "put it on a beach");
    const beachState = beach.keep && readSceneState(beach.keep.state);
    expect(beachState && planOf(beachState).setting).toBe("beach");
  });
});
