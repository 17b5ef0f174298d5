import { describe, expect, it } from "vitest";
import { boxMean, guidedFilter, guidedFilterNearEdges } from "./guided-filter.ts";
import { fillsFrame, refineMatte, thresholdCurve } from "./matte.ts";
import { decontaminate, fillHoles } from "./matte-fix.ts";

/** A w×h plane, 1 inside [x0, x1) × [y0, y1), 0 elsewhere. */
function rect(w: number, h: number, x0: number, y0: number, x1: number, y1: number) {
  const plane = new Float32Array(w * h);
  for (let y = y0; y < y1; y++) plane.fill(1, y * w + x0, y * w + x1);
  return plane;
}

describe("boxMean", () => {
  it("matches a direct window mean, clipped at the edges", () => {
    const [w, h, r] = [13, 9, 2];
    const src = Float32Array.from({ length: w * h }, (_, i) => (i * 37) % 11);
    const fast = boxMean(src, w, h, r);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        let count = 0;
        for (let v = Math.max(0, y - r); v <= Math.min(h - 1, y + r); v++) {
          for (let u = Math.max(0, x - r); u <= Math.min(w - 1, x + r); u++) {
            sum += src[v * w + u] ?? 0;
            count++;
          }
        }
        expect(fast[y * w + x]).toBeCloseTo(sum / count, 4);
      }
    }
  });
});

describe("guidedFilter", () => {
  // The photo steps from dark to light at x = 20; the network's matte is a blurry ramp there.
  const [w, h] = [40, 12];
  const guide = Float32Array.from({ length: w * h }, (_, i) => (i % w < 20 ? 0.1 : 0.9));
  const blurry = Float32Array.from({ length: w * h }, (_, i) =>
    Math.min(1, Math.max(0, ((i % w) - 16) / 8)),
  );

  it("snaps a blurry matte onto the guide's edge", () => {
    const sharp = guidedFilter(guide, blurry, w, h, 4, 1e-3);
    // The ramp was 0.25 and 0.625 on either side of the step.
    expect(sharp[5 * w + 18]).toBeLessThan(0.2);
    expect(sharp[5 * w + 21]).toBeGreaterThan(0.7);
  });

  it("gives the same result when only the tiles near the edge are filtered", () => {
    const [W, H] = [150, 140];
    const g = Float32Array.from({ length: W * H }, (_, i) => ((i % W) * 7 + (i / W) * 3) % 17);
    const p = rect(W, H, 70, 60, 120, 110);
    for (let y = 60; y < 110; y++) p[y * W + 70] = 0.5;
    const whole = guidedFilter(g, p, W, H, 3, 1e-2);
    const tiled = guidedFilterNearEdges(g, p, W, H, 3, 1e-2);
    for (let i = 0; i < W * H; i++) expect(tiled[i]).toBeCloseTo(whole[i] ?? 0, 3);
  });
});

describe("fillHoles", () => {
  it("fills a small enclosed hole and keeps a large one", () => {
    const [w, h] = [60, 60];
    const alpha = rect(w, h, 5, 5, 55, 55);
    // A 3×3 speck inside, and a 20×20 opening like a mug's handle.
    for (let y = 10; y < 13; y++) alpha.fill(0, y * w + 10, y * w + 13);
    for (let y = 25; y < 45; y++) alpha.fill(0.3, y * w + 25, y * w + 45);
    const filled = fillHoles(alpha, w, h, 0.01);
    expect(filled).toBe(9);
    expect(alpha[11 * w + 11]).toBe(1);
    expect(alpha[35 * w + 35]).toBeCloseTo(0.3);
    // The background around the subject touches the border and stays.
    expect(alpha[0]).toBe(0);
  });
});

describe("decontaminate", () => {
  it("takes the old red background out of an edge pixel", () => {
    // Red background (α 0) on the left, blue subject (α 1) on the right, a 50/50 mix between.
    const [w, h] = [9, 3];
    const rgb = new Uint8Array(w * h * 3);
    const alpha = new Float32Array(w * h);
    for (let i = 0; i < w * h; i++) {
      const x = i % w;
      const colour = x < 4 ? [255, 0, 0] : x === 4 ? [128, 0, 128] : [0, 0, 255];
      rgb.set(colour, i * 3);
      alpha[i] = x < 4 ? 0 : x === 4 ? 0.5 : 1;
    }
    decontaminate(rgb, alpha, w, h, 3);
    const edge = (1 * w + 4) * 3;
    expect(rgb[edge]).toBeLessThan(10);
    expect(rgb[edge + 2]).toBeGreaterThan(245);
    // Solid and clear pixels are left alone.
    expect([...rgb.subarray(0, 3)]).toEqual([255, 0, 0]);
  });
});

describe("background_threshold", () => {
  it("is monotonic: a higher threshold keeps fewer foreground pixels", () => {
    for (let alpha = 0; alpha <= 1; alpha += 0.05) {
      expect(thresholdCurve(alpha, 0.8)).toBeLessThanOrEqual(thresholdCurve(alpha, 0.4));
    }
    // A soft, round matte on a flat photo.
    const [w, h] = [80, 80];
    const rgb = new Uint8Array(w * h * 3).fill(120);
    const mask = Uint8Array.from({ length: w * h }, (_, i) => {
      const d = Math.hypot((i % w) - 40, Math.floor(i / w) - 40);
      return Math.round(255 * Math.min(1, Math.max(0, (30 - d) / 12)));
    });
    const counts = [0.1, 0.4, 0.67, 0.9].map((threshold) => {
      const refined = refineMatte(rgb, mask, w, h, { threshold, quality: "fast" });
      return refined.mask.reduce((sum, a) => sum + (a >= 128 ? 1 : 0), 0);
    });
    for (let k = 1; k < counts.length; k++) {
      expect(counts[k]).toBeLessThan(counts[k - 1] ?? 0);
    }
  });
});

describe("a subject that fills the frame", () => {
  /**
   * A flat photo whose matte is solid in `solid` (a box) with an ear above it the network
   * half saw (alpha 0.45), 8 px wide.
   */
  function matteWithEar(solid: { left: number; top: number; right: number; bottom: number }) {
    const [w, h] = [120, 100];
    const rgb = new Uint8Array(w * h * 3).fill(120);
    const mask = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inBox = x >= solid.left && x < solid.right && y >= solid.top && y < solid.bottom;
        const ear = x >= 56 && x < 64 && y >= solid.top - 14 && y < solid.top;
        mask[y * w + x] = inBox ? 255 : ear ? 115 : 0;
      }
    }
    const refined = refineMatte(rgb, mask, w, h, { threshold: 0.67, quality: "fast" });
    return {
      alpha: Float32Array.from(mask, (a) => a / 255),
      ear: refined.mask[(solid.top - 7) * w + 60] ?? 0,
      w,
      h,
    };
  }

  it("is told from a product standing in the frame", () => {
    const closeUp = matteWithEar({ left: 0, top: 20, right: 110, bottom: 100 });
    const product = matteWithEar({ left: 40, top: 40, right: 80, bottom: 90 });
    expect(fillsFrame(closeUp.alpha, closeUp.w, closeUp.h)).toBe(true);
    expect(fillsFrame(product.alpha, product.w, product.h)).toBe(false);
  });

  it("keeps what the network half saw at its edges, where a product's cut drops it", () => {
    const closeUp = matteWithEar({ left: 0, top: 20, right: 110, bottom: 100 });
    const product = matteWithEar({ left: 40, top: 40, right: 80, bottom: 90 });
    expect(closeUp.ear).toBeGreaterThan(128);
    expect(product.ear).toBeLessThan(64);
  });
});
