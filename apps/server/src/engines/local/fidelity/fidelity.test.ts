import { describe, expect, it } from "vitest";
import { deltaE2000, labOf } from "./delta-e.ts";
import { measureFidelity } from "./measure.ts";
import { productRegion } from "./product-region.ts";

describe("CIEDE2000", () => {
  // Pairs and answers from Sharma, Wu and Dalal's test data for the formula.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
  ])("gives the published difference for %j and %j", (one, two, expected) => {
    const [l1 = 0, a1 = 0, b1 = 0] = one;
    const [l2 = 0, a2 = 0, b2 = 0] = two;
    expect(deltaE2000(l1, a1, b1, l2, a2, b2)).toBeCloseTo(expected, 3);
  });

  it("reads sRGB white and black as L 100 and 0", () => {
    const lab = new Float64Array(6);
    labOf(255, 255, 255, lab, 0);
    labOf(0, 0, 0, lab, 3);
    expect(lab[0]).toBeCloseTo(100, 2);
    expect(Math.abs(lab[1] ?? 1)).toBeLessThan(0.01);
    expect(lab[3]).toBeCloseTo(0, 5);
  });
});

/** A square subject of one colour, `inset` from the edges of a size×size frame. */
function squareReference(size: number, inset: number, colour: number[]): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = inset; y < size - inset; y++) {
    for (let x = inset; x < size - inset; x++) {
      rgba.set([...colour, 255], (y * size + x) * 4);
    }
  }
  return rgba;
}

describe("the product's inside", () => {
  it("keeps only solid pixels further than the margin from the outline", () => {
    const region = productRegion(squareReference(20, 5, [1, 2, 3]), 20, 20, 2);
    const inside = [...region].filter(Boolean).length;
    // 10×10 solid, eroded by 2 on every side: 6×6.
    expect(inside).toBe(36);
    expect(region[6 * 20 + 6]).toBe(0);
    expect(region[7 * 20 + 7]).toBe(1);
    expect(region[12 * 20 + 12]).toBe(1);
    expect(region[13 * 20 + 12]).toBe(0);
  });
});

describe("measureFidelity", () => {
  const size = 64;
  const reference = squareReference(size, 8, [200, 80, 40]);

  function resultWith(colour: number[], share: number) {
    const data = new Uint8Array(size * size * 3).fill(128);
    for (let i = 0; i < size * size; i++) {
      if (reference[i * 4 + 3] !== 255) continue;
      // The first `share` of the subject's rows in the new colour, the rest as the original.
      const row = Math.floor(i / size);
      data.set(row < 8 + share * 48 ? colour : [200, 80, 40], i * 3);
    }
    return { data, width: size, height: size, channels: 3 as const };
  }

  it("counts every pixel as unchanged when the product is the original", () => {
    const measured = measureFidelity(resultWith([200, 80, 40], 0), reference);
    expect(measured?.withinDeltaE2).toBe(1);
    expect(measured?.meanDeltaE).toBe(0);
  });

  it("counts the changed share and their mean difference", () => {
    const measured = measureFidelity(resultWith([90, 120, 220], 0.5), reference);
    expect(measured?.withinDeltaE2).toBeGreaterThan(0.3);
    expect(measured?.withinDeltaE2).toBeLessThan(0.7);
    expect(measured?.meanDeltaE).toBeGreaterThan(10);
  });

  it("has nothing to say about a subject wholly outside the frame", () => {
    const empty = new Uint8Array(size * size * 4);
    expect(measureFidelity(resultWith([0, 0, 0], 1), empty)).toBeUndefined();
  });
});
