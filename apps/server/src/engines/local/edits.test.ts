import { describe, expect, it } from "vitest";
import type { RawImage } from "./decode.ts";
import { applyEdits } from "./edits.ts";

/** A small colourful test card: a red-to-blue ramp over a green one. */
function card(width = 32, height = 24, alpha = 255): RawImage {
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      rgba[i] = 40 + (x * 180) / width;
      rgba[i + 1] = 60 + (y * 150) / height;
      rgba[i + 2] = 200 - (x * 150) / width;
      rgba[i + 3] = alpha;
    }
  }
  return { rgba, width, height, opaque: alpha === 255 };
}

function mean(image: RawImage, channel: number): number {
  let sum = 0;
  for (let i = channel; i < image.rgba.length; i += 4) sum += image.rgba[i] ?? 0;
  return sum / (image.rgba.length / 4);
}

describe("applyEdits", () => {
  it("makes black and white with equal channels", async () => {
    const result = await applyEdits(card(), ["grayscale"]);
    for (let i = 0; i < result.rgba.length; i += 4 * 37) {
      expect(result.rgba[i]).toBe(result.rgba[i + 1]);
      expect(result.rgba[i + 1]).toBe(result.rgba[i + 2]);
    }
  });

  it("brightens, darkens, warms and cools", async () => {
    const source = card();
    const luminance = (image: RawImage) => mean(image, 0) + mean(image, 1) + mean(image, 2);
    expect(luminance(await applyEdits(source, ["brighter"]))).toBeGreaterThan(luminance(source));
    expect(luminance(await applyEdits(source, ["darker"]))).toBeLessThan(luminance(source));
    const warmth = (image: RawImage) => mean(image, 0) - mean(image, 2);
    expect(warmth(await applyEdits(source, ["warmer"]))).toBeGreaterThan(warmth(source) + 5);
    expect(warmth(await applyEdits(source, ["cooler"]))).toBeLessThan(warmth(source) - 5);
  });

  it("applies several edits in turn and keeps the size and the transparency", async () => {
    const source = card(32, 24, 128);
    const result = await applyEdits(source, [
      "sharpen",
      "more-contrast",
      "more-saturated",
      "sepia",
    ]);
    expect(result).toMatchObject({ width: 32, height: 24, opaque: false });
    expect(result.rgba[3]).toBe(128);
    expect(result.rgba.equals(source.rgba)).toBe(false);
  });

  it("changes the picture even when the prompt named nothing", async () => {
    const source = card();
    const result = await applyEdits(source, ["auto-enhance"]);
    expect(result.rgba.equals(source.rgba)).toBe(false);
  });

  it("uses the subject's mask to blur or remove only the background", async () => {
    const source = card();
    const mask = Buffer.alloc(32 * 24);
    mask.fill(255, 0, 32 * 12); // the top half is the subject
    const blurred = await applyEdits(source, ["blur-background"], mask);
    expect(blurred.rgba.subarray(0, 32 * 12 * 4).equals(source.rgba.subarray(0, 32 * 12 * 4))).toBe(
      true,
    );
    expect(blurred.rgba.equals(source.rgba)).toBe(false);

    const cut = await applyEdits(source, ["remove-background"], mask);
    expect(cut.opaque).toBe(false);
    expect(cut.rgba[3]).toBe(255);
    expect(cut.rgba[(32 * 20 + 5) * 4 + 3]).toBe(0);
  });

  it("skips subject edits when no mask is given", async () => {
    const source = card();
    const result = await applyEdits(source, ["remove-background"]);
    expect(result.rgba.equals(source.rgba)).toBe(true);
  });
});
