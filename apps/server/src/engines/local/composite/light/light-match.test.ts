import { describe, expect, it } from "vitest";
import { hue, hueDistance, type Rgb } from "../../common/index.ts";
import { lightMatchFor, lightMatchTables, MAX_EV, MAX_WB } from "./light-match.ts";

const grade = (tables: Uint8Array[], [r, g, b]: Rgb): Rgb => [
  tables[0]?.[Math.round(r)] ?? 0,
  tables[1]?.[Math.round(g)] ?? 0,
  tables[2]?.[Math.round(b)] ?? 0,
];

const SCENES: Record<string, Rgb> = {
  sunset: [250, 150, 70],
  night: [20, 30, 70],
  forest: [60, 140, 50],
  studio: [235, 235, 238],
};
const PRODUCTS: Rgb[] = [
  [200, 25, 30],
  [230, 120, 20],
  [20, 90, 200],
  [30, 160, 60],
];

describe("lightMatchFor", () => {
  it("keeps the white balance within a few percent and the exposure within a third of a stop", () => {
    for (const scene of Object.values(SCENES)) {
      const match = lightMatchFor(scene, [128, 128, 128], false);
      for (const gain of match.balance) {
        expect(Math.abs(gain - 1)).toBeLessThanOrEqual(MAX_WB + 1e-9);
      }
      expect(Math.abs(match.ev)).toBeLessThanOrEqual(MAX_EV);
    }
  });

  it("moves the exposure toward the scene's", () => {
    expect(lightMatchFor(SCENES.night as Rgb, [140, 140, 140], false).ev).toBeLessThan(-0.1);
    expect(lightMatchFor([240, 240, 240], [90, 90, 90], false).ev).toBeGreaterThan(0.1);
    expect(lightMatchFor([128, 128, 128], [128, 128, 128], false).ev).toBeCloseTo(0, 5);
  });

  it("warms the subject in warm light and cools it in cool light, relative to its photo", () => {
    const warm = lightMatchFor(SCENES.sunset as Rgb, [128, 128, 128], false).balance;
    expect(warm[0]).toBeGreaterThan(warm[2]);
    const cool = lightMatchFor(SCENES.night as Rgb, [128, 128, 128], false).balance;
    expect(cool[2]).toBeGreaterThan(cool[0]);
    // A photo shot in the same cast as the scene needs no correction.
    const same = lightMatchFor(SCENES.sunset as Rgb, SCENES.sunset, false).balance;
    for (const gain of same) expect(gain).toBeCloseTo(1, 5);
  });

  it("darkens a backlit subject a little", () => {
    const front = lightMatchFor([128, 128, 128], [128, 128, 128], false).ev;
    expect(lightMatchFor([128, 128, 128], [128, 128, 128], true).ev).toBeLessThan(front);
  });
});

describe("lightMatchTables", () => {
  it("never recolours a saturated product: its hue stays within a few degrees", () => {
    for (const scene of Object.values(SCENES)) {
      const tables = lightMatchTables(lightMatchFor(scene, [128, 128, 128], false));
      for (const product of PRODUCTS) {
        expect(hueDistance(hue(grade(tables, product)), hue(product))).toBeLessThan(4);
      }
    }
  });

  it("brightens without clipping the highlights and keeps black black", () => {
    const tables = lightMatchTables({ balance: [1, 1, 1], ev: MAX_EV });
    const mid = grade(tables, [100, 100, 100]);
    expect(mid[0]).toBeGreaterThan(106);
    expect(grade(tables, [0, 0, 0])).toEqual([0, 0, 0]);
    expect(grade(tables, [255, 255, 255])).toEqual([255, 255, 255]);
    // Near-whites stay distinct.
    expect(grade(tables, [245, 245, 245])[0]).toBeLessThan(255);
  });
});
