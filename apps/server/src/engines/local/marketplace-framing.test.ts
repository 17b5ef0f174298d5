import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { rgbOf } from "../../../test/helpers/image-pixels.ts";
import { middleCutout } from "../../../test/helpers/stand-in-cutout.ts";
import { standInEngine } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineImage } from "../image-engine.ts";
import { decodeImage } from "./common/index.ts";
import { layoutOnWhite, layoutSubject, subjectBounds } from "./composite/index.ts";
import { cutOut } from "./cutout/index.ts";
import { planScene } from "./scene/index.ts";
import type { Bounds } from "./types.ts";

/**
 * Framing marketplaces accept (issue 29 point 4), through the whole engine on the fixture
 * photos, their subject the stand-in cut-out's middle: a white request at the photo's own
 * size is a square with the product's larger side 85–95% of it, centred, everything else
 * pure white; a scene keeps the photo's size with the product whole on the surface.
 */

const photos = fileURLToPath(new URL("../../../test/fixtures/photos/", import.meta.url));
const { generate } = standInEngine();

async function fixture(name: string): Promise<EngineImage> {
  const bytes = await sharp(`${photos}${name}`).png().toBuffer();
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  return { bytes, contentType: "image/png", width, height };
}

async function cutoutOf(image: EngineImage) {
  return cutOut(middleCutout, await decodeImage(image.bytes));
}

const sizeOf = (box: Bounds) => ({ w: box.right - box.left, h: box.bottom - box.top });

describe.each(["coffee.png", "rocket.jpg", "cat.png"])("%s", (name) => {
  it("on white: square, the product 85–95% of the side, centred, the rest pure white", async () => {
    const image = await fixture(name);
    const result = await generate(image, "on a pure white background, no shadow");
    const { rgb, width, height } = await rgbOf(result);
    expect(width).toBe(height);
    const laid = await layoutOnWhite(await cutoutOf(image), result);
    const box = subjectBounds(laid.cutout.mask, width, height);
    if (!box) throw new Error("no subject laid");
    const { w, h } = sizeOf(box);
    expect(Math.max(w, h) / width).toBeGreaterThanOrEqual(0.85);
    expect(Math.max(w, h) / width).toBeLessThanOrEqual(0.95);
    expect(Math.abs((box.left + box.right) / 2 - width / 2)).toBeLessThanOrEqual(2);
    expect(Math.abs((box.top + box.bottom) / 2 - height / 2)).toBeLessThanOrEqual(2);
    let [outside, notWhite] = [0, 0];
    for (let i = 0; i < width * height; i++) {
      if ((laid.cutout.mask[i] ?? 0) > 0) continue;
      outside++;
      if (rgb[i * 3] !== 255 || rgb[i * 3 + 1] !== 255 || rgb[i * 3 + 2] !== 255) notWhite++;
    }
    expect(outside).toBeGreaterThan(width * height * 0.1);
    expect(notWhite).toBe(0);
  });

  it("in a scene: the photo's size, the product whole and standing on the surface", async () => {
    const image = await fixture(name);
    const prompt = "on a marble kitchen counter, morning light";
    const result = await generate(image, prompt);
    expect(await sharp(result.bytes).metadata()).toMatchObject({
      width: image.width,
      height: image.height,
    });
    const plan = planScene(prompt);
    const laid = await layoutSubject(await cutoutOf(image), plan.camera, plan.podium);
    const { bounds, standing } = laid;
    expect(standing).toBe(true);
    // Uncropped: clear of every edge.
    expect(bounds.left).toBeGreaterThan(0);
    expect(bounds.top).toBeGreaterThan(0);
    expect(bounds.right).toBeLessThan(image.width);
    expect(bounds.bottom).toBeLessThan(image.height);
    // A believable share: neither lost in the scene nor crowding it.
    const { w, h } = sizeOf(bounds);
    const share = Math.max(w / image.width, h / image.height);
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.9);
  });
});
