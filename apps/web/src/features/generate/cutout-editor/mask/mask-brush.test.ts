import { describe, expect, it } from "vitest";
import { type Brush, type Mask, stampSegment } from "./mask-brush.ts";

const maskOf = (width: number, height: number, fill: number): Mask => ({
  data: new Uint8Array(width * height).fill(fill),
  width,
  height,
});

const at = (mask: Mask, x: number, y: number) => mask.data[y * mask.width + x];

const ERASE: Brush = { mode: "erase", radius: 2, softness: 0 };

describe("stampSegment", () => {
  it("erases a hard round stamp where the stroke starts and ends at one point", () => {
    const mask = maskOf(10, 10, 255);
    const changed = stampSegment(mask, { x: 5, y: 5 }, { x: 5, y: 5 }, ERASE);

    expect(at(mask, 5, 5)).toBe(0);
    expect(at(mask, 4, 4)).toBe(0);
    expect(at(mask, 0, 0)).toBe(255);
    expect(at(mask, 8, 5)).toBe(255);
    expect(changed).toEqual({ x: 3, y: 3, width: 5, height: 5 });
  });

  it("leaves no gap along a fast segment", () => {
    const mask = maskOf(40, 10, 255);
    stampSegment(mask, { x: 2, y: 5 }, { x: 38, y: 5 }, ERASE);

    for (let x = 2; x < 38; x += 1) expect(at(mask, x, 5)).toBe(0);
    expect(at(mask, 20, 0)).toBe(255);
  });

  it("keeps: paints the subject back to full", () => {
    const mask = maskOf(10, 10, 0);
    stampSegment(mask, { x: 5, y: 5 }, { x: 5, y: 5 }, { ...ERASE, mode: "keep" });

    expect(at(mask, 5, 5)).toBe(255);
    expect(at(mask, 0, 0)).toBe(0);
  });

  it("fades a soft edge toward the rim, full at the centre", () => {
    const mask = maskOf(21, 21, 255);
    stampSegment(
      mask,
      { x: 10.5, y: 10.5 },
      { x: 10.5, y: 10.5 },
      {
        mode: "erase",
        radius: 8,
        softness: 1,
      },
    );

    expect(at(mask, 10, 10)).toBeLessThan(40);
    const nearRim = at(mask, 17, 10) as number;
    expect(nearRim).toBeGreaterThan(150);
    expect(nearRim).toBeLessThan(255);
    expect(at(mask, 10, 0)).toBe(255);
  });

  it("never undoes its own work: a soft pass over an erased spot leaves it erased", () => {
    const mask = maskOf(21, 21, 255);
    stampSegment(mask, { x: 10, y: 10 }, { x: 10, y: 10 }, { ...ERASE, radius: 6 });
    stampSegment(mask, { x: 14, y: 10 }, { x: 14, y: 10 }, { ...ERASE, radius: 6, softness: 1 });

    expect(at(mask, 10, 10)).toBe(0);
  });

  it("clips to the mask and answers null off it", () => {
    const mask = maskOf(10, 10, 255);
    expect(stampSegment(mask, { x: -30, y: -30 }, { x: -20, y: -20 }, ERASE)).toBeNull();
    expect(stampSegment(mask, { x: 0, y: 0 }, { x: 0, y: 0 }, ERASE)).toEqual({
      x: 0,
      y: 0,
      width: 3,
      height: 3,
    });
    expect(mask.data.every((value, index) => value === 255 || index % 10 < 3)).toBe(true);
  });
});
