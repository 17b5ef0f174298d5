import { describe, expect, it } from "vitest";
import type { RawImage } from "../common/index.ts";
import { type LookSettings, NEUTRAL_LOOK } from "../scene-state/index.ts";
import { editPixels } from "./pixel-edits.ts";

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

const look = (settings: Partial<LookSettings>): LookSettings => ({ ...NEUTRAL_LOOK, ...settings });

/** A mask with no subject in it: the whole card is background. */
const allBackground = (width = 32, height = 24) => new Uint8Array(width * height);

describe("editPixels, for pictures without a kept scene", () => {
  it("makes black and white with equal channels", async () => {
    const result = await editPixels(
      card(),
      look({ monochrome: "black and white" }),
      allBackground(),
    );
    for (let i = 0; i < result.rgba.length; i += 4 * 37) {
      expect(result.rgba[i]).toBe(result.rgba[i + 1]);
      expect(result.rgba[i + 1]).toBe(result.rgba[i + 2]);
    }
  });

  it("brightens, darkens, warms and cools", async () => {
    const source = card();
    const luminance = (image: RawImage) => mean(image, 0) + mean(image, 1) + mean(image, 2);
    expect(
      luminance(await editPixels(source, look({ exposure: 1 }), allBackground())),
    ).toBeGreaterThan(luminance(source));
    expect(
      luminance(await editPixels(source, look({ exposure: -1 }), allBackground())),
    ).toBeLessThan(luminance(source));
    const warmth = (image: RawImage) => mean(image, 0) - mean(image, 2);
    expect(warmth(await editPixels(source, look({ warmth: 1 }), allBackground()))).toBeGreaterThan(
      warmth(source) + 5,
    );
    expect(warmth(await editPixels(source, look({ warmth: -1 }), allBackground()))).toBeLessThan(
      warmth(source) - 5,
    );
  });

  it("applies several settings at once and keeps the size and the transparency", async () => {
    const source = card(32, 24, 128);
    const result = await editPixels(
      source,
      look({ contrast: 1, saturation: 1, monochrome: "sepia" }),
      allBackground(),
    );
    expect(result).toMatchObject({ width: 32, height: 24, opaque: false });
    expect(result.rgba[3]).toBe(128);
    expect(result.rgba.equals(source.rgba)).toBe(false);
  });

  it("uses the subject's mask to blur or darken only the background", async () => {
    const source = card();
    const mask = Buffer.alloc(32 * 24);
    mask.fill(255, 0, 32 * 12); // the top half is the subject
    const top = (image: RawImage) => image.rgba.subarray(0, 32 * 12 * 4);
    const blurred = await editPixels(source, look({ blur: 1 }), mask);
    expect(top(blurred).equals(top(source))).toBe(true);
    expect(blurred.rgba.equals(source.rgba)).toBe(false);

    const darker = await editPixels(source, look({ backgroundGain: 0.7 }), mask);
    expect(top(darker).equals(top(source))).toBe(true);
    const bottom = (image: RawImage) =>
      mean({ ...image, rgba: image.rgba.subarray(32 * 12 * 4) }, 1);
    expect(bottom(darker)).toBeLessThan(bottom(source) * 0.75);
  });

  it("leaves the subject's pixels exactly as they were, whatever the look", async () => {
    const source = card();
    const mask = Buffer.alloc(32 * 24);
    mask.fill(255, 0, 32 * 12); // the top half is the subject
    const top = (image: RawImage) => image.rgba.subarray(0, 32 * 12 * 4);
    const bottom = (image: RawImage) => image.rgba.subarray(32 * 12 * 4);
    for (const settings of [
      { warmth: 1 },
      { exposure: -2 },
      { contrast: 1, saturation: 1 },
      { monochrome: "black and white" as const },
      { monochrome: "sepia" as const, blur: 1, backgroundGain: 1.4 },
    ]) {
      const result = await editPixels(source, look(settings), mask);
      expect(top(result).equals(top(source)), JSON.stringify(settings)).toBe(true);
      expect(bottom(result).equals(bottom(source)), JSON.stringify(settings)).toBe(false);
    }
  });
});
