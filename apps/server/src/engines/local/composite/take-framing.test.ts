import { describe, expect, it } from "vitest";
import { takeComposition } from "../scene/index.ts";
import { cutTakeFraming, takeFraming } from "./take-framing.ts";

describe("a take's framing", () => {
  const box = { left: 150, top: 100, right: 250, bottom: 300 };

  it("moves a whole subject to the take's third at its scale, standing on the same floor line", () => {
    const right = takeFraming(box, 400, takeComposition(2));
    expect((right.left + right.right) / 2).toBeCloseTo(400 * 0.63, 0);
    expect(right.right - right.left).toBe(90);
    expect(right.bottom).toBe(300);
    expect(takeFraming(box, 400, takeComposition(0))).toEqual(box);
  });

  it("keeps a wide subject inside the frame, centred when it cannot move", () => {
    const wide = { left: 20, top: 100, right: 380, bottom: 300 };
    const framed = takeFraming(wide, 400, takeComposition(1));
    expect(framed.left).toBeGreaterThanOrEqual(16);
    expect(framed.right).toBeLessThanOrEqual(384);
  });

  it("moves a subject on a podium with its podium, the podium kept inside the frame", () => {
    const reach = (b: typeof box) => Math.max((b.right - b.left) * 0.7, 400 * 0.14);
    const wide = { left: 60, top: 100, right: 340, bottom: 300 };
    const moved = takeFraming(wide, 400, takeComposition(2), reach);
    const centre = (moved.left + moved.right) / 2;
    expect(centre).toBeGreaterThan(200);
    expect(centre + reach(moved)).toBeLessThanOrEqual(400 * 0.96 + 1);
  });
});

describe("a take's framing of a subject the photo cuts", () => {
  const canvas = { width: 400, height: 400 };
  const none = { top: false, bottom: false, left: false, right: false };

  it("steps back about a bust's cut corner, its cut edges kept on the picture's", () => {
    const bust = { left: 40, top: 30, right: 400, bottom: 400 };
    const edges = { ...none, bottom: true, right: true };
    for (const index of [1, 2, 3]) {
      const framed = cutTakeFraming(bust, edges, canvas, takeComposition(index));
      expect(framed?.right).toBe(400);
      expect(framed?.bottom).toBe(400);
      const scale = ((framed?.right ?? 0) - (framed?.left ?? 0)) / 360;
      expect(scale).toBeCloseTo(takeComposition(index).cutScale, 2);
    }
    expect(cutTakeFraming(bust, edges, canvas, takeComposition(0))).toBeUndefined();
  });

  it("moves a bust cut only at its foot across to the take's place", () => {
    const bust = { left: 120, top: 60, right: 280, bottom: 400 };
    const framed = cutTakeFraming(bust, { ...none, bottom: true }, canvas, takeComposition(2));
    expect(framed?.bottom).toBe(400);
    expect(((framed?.left ?? 0) + (framed?.right ?? 0)) / 2).toBeCloseTo(400 * 0.63, 0);
  });

  it("shoots a subject cut at its top and foot closer, never losing the side the photo kept", () => {
    const cat = { left: 0, top: 0, right: 330, bottom: 400 };
    const edges = { ...none, top: true, bottom: true, left: true };
    const framed = cutTakeFraming(cat, edges, canvas, takeComposition(2));
    expect(framed?.left).toBe(0);
    expect(framed?.right).toBeLessThanOrEqual(400 * 0.96);
    expect(((framed?.right ?? 0) - (framed?.left ?? 0)) / 330).toBeGreaterThan(1.1);
    expect(framed?.top).toBeLessThan(0);
    expect(framed?.bottom).toBeGreaterThan(400);
  });

  it("leaves a subject running off every edge as photographed", () => {
    const all = { top: true, bottom: true, left: true, right: true };
    const whole = { left: 0, top: 0, right: 400, bottom: 400 };
    for (const index of [0, 1, 2, 3]) {
      expect(cutTakeFraming(whole, all, canvas, takeComposition(index))).toBeUndefined();
    }
  });
});
