import { describe, expect, it } from "vitest";
import { lightWrap, wrapRadius } from "./light-wrap.ts";

describe("lightWrap", () => {
  it("touches only a band along the subject's outline, and never outside it", async () => {
    const width = 300;
    const height = 200;
    const mask = Buffer.alloc(width * height);
    for (let y = 40; y < 160; y++) mask.fill(255, y * width + 80, y * width + 220);
    const scene = Buffer.alloc(width * height * 3, 200);
    const { band, glow } = await lightWrap(mask, scene, width, height);
    expect(glow.length).toBe(scene.length);
    const deep = Math.ceil(wrapRadius(width, height) * 4);
    let edgeSum = 0;
    let strays = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const value = band[y * width + x] ?? 0;
        const fromEdge = Math.min(x - 80, 219 - x, y - 40, 159 - y);
        if ((fromEdge < 0 || fromEdge >= deep) && value !== 0) strays++;
        else if (fromEdge === 0) edgeSum += value;
      }
    }
    expect(strays).toBe(0);
    // Strong right at the outline.
    expect(edgeSum / (2 * (140 + 120))).toBeGreaterThan(128);
  });
});
