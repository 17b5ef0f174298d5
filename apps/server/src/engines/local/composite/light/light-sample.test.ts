import { describe, expect, it } from "vitest";
import { photoSurroundings, sceneLightAround } from "./light-sample.ts";

function cutout(background: (i: number) => number) {
  const width = 40;
  const height = 30;
  const mask = Buffer.alloc(width * height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < mask.length; i++) {
    const inside = i % width >= 15 && i % width < 25;
    mask[i] = inside ? 255 : 0;
    const value = inside ? 200 : background(i);
    rgba.set([value, value, inside ? 0 : value, mask[i] ?? 0], i * 4);
  }
  return { rgba, mask, width, height };
}

describe("photoSurroundings", () => {
  it("is the mean colour of the photo around the subject", () => {
    const around = photoSurroundings(cutout((i) => 60 + (i % 7)));
    expect(around?.[0]).toBeCloseTo(63, 0);
    expect(around?.[2]).toBeCloseTo(63, 0);
  });

  it("is undefined for the flat fill of a transparent upload", () => {
    expect(photoSurroundings(cutout(() => 0))).toBeUndefined();
  });
});

describe("sceneLightAround", () => {
  it("averages the scene near the subject, not across the whole picture", () => {
    const width = 100;
    const height = 50;
    const scene = Buffer.alloc(width * height * 3, 20);
    for (let y = 0; y < height; y++) scene.fill(220, (y * width + 60) * 3, (y * width + 100) * 3);
    const mean = sceneLightAround(scene, width, height, {
      left: 70,
      top: 10,
      right: 90,
      bottom: 40,
    });
    expect(mean[0]).toBeGreaterThan(200);
  });
});
