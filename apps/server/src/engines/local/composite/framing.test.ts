import { describe, expect, it } from "vitest";
import { takeComposition } from "../scene/index.ts";
import {
  framingFor,
  horizonFor,
  layoutSubject,
  placeSubject,
  standsInFrame,
  subjectBounds,
} from "./framing.ts";

function boxMask(width: number, height: number, box: [number, number, number, number]) {
  const mask = Buffer.alloc(width * height);
  const [left, top, right, bottom] = box;
  for (let y = top; y < bottom; y++) mask.fill(255, y * width + left, y * width + right);
  return mask;
}

describe("subjectBounds", () => {
  it("boxes the mostly opaque pixels", () => {
    const mask = boxMask(50, 40, [10, 5, 30, 35]);
    mask[0] = 100; // faint pixels do not count
    expect(subjectBounds(mask, 50, 40)).toEqual({ left: 10, top: 5, right: 30, bottom: 35 });
    expect(subjectBounds(Buffer.alloc(20), 5, 4)).toBeUndefined();
  });
});

describe("framingFor", () => {
  it("shrinks a whole subject that crowds the frame and stands it on the floor, centred", () => {
    const target = framingFor({ left: 60, top: 10, right: 480, bottom: 395 }, 600, 400);
    expect(target).toBeDefined();
    const { left = 0, top = 0, right = 0, bottom = 0 } = target ?? {};
    expect(bottom - top).toBeLessThanOrEqual(400 * 0.74 + 1);
    expect(bottom).toBeCloseTo(368, 0);
    expect(Math.abs((left + right) / 2 - 300)).toBeLessThanOrEqual(1);
    // The shape is kept.
    expect((right - left) / (bottom - top)).toBeCloseTo(420 / 385, 1);
  });

  it("lets a close-up subject fill more of the frame", () => {
    const crowding = { left: 60, top: 10, right: 480, bottom: 395 };
    const normal = framingFor(crowding, 600, 400);
    const close = framingFor(crowding, 600, 400, true);
    const height = (box?: { top: number; bottom: number }) => (box ? box.bottom - box.top : 0);
    expect(height(close)).toBeGreaterThan(height(normal) * 1.1);
    expect(close?.bottom).toBeLessThan(400);
  });

  it("enlarges a whole subject lost in the frame, by at most 1.6 times, centred on the floor", () => {
    // A small product, 60×80 in 600×400 (a fifth of the height): 1.6 times, not to 45%.
    const small = framingFor({ left: 100, top: 200, right: 160, bottom: 280 }, 600, 400);
    expect(small).toEqual({ left: 252, top: 240, right: 348, bottom: 368 });
    // Nearly big enough: to 45% of the height, no more.
    const near = framingFor({ left: 250, top: 100, right: 350, bottom: 260 }, 600, 400);
    expect(near && (near.bottom - near.top) / 400).toBeCloseTo(0.45, 2);
  });

  it("leaves a subject the photo crops, or one with room around it, where it is", () => {
    expect(framingFor({ left: 20, top: 30, right: 500, bottom: 400 }, 512, 400)).toBeUndefined();
    expect(framingFor({ left: 200, top: 100, right: 400, bottom: 300 }, 600, 400)).toBeUndefined();
  });
});

describe("placeSubject", () => {
  it("moves and scales the cut-out onto a transparent canvas of the same size", async () => {
    const width = 100;
    const height = 80;
    const mask = boxMask(width, height, [10, 10, 90, 78]);
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < mask.length; i++) rgba[i * 4 + 3] = mask[i] ?? 0;
    const from = { left: 10, top: 10, right: 90, bottom: 78 };
    const target = { left: 30, top: 30, right: 70, bottom: 64 };
    const placed = await placeSubject({ rgba, mask, width, height }, from, target);
    expect(placed.width).toBe(width);
    const bounds = subjectBounds(placed.mask, width, height);
    expect(bounds?.left).toBeCloseTo(30, -1);
    expect(bounds?.bottom).toBeCloseTo(64, -1);
    expect(placed.mask[5 * width + 5]).toBe(0);
  });
});

describe("layoutSubject", () => {
  const cutout = (box: [number, number, number, number]) => {
    const mask = boxMask(200, 100, box);
    const rgba = Buffer.alloc(200 * 100 * 4);
    for (let i = 0; i < mask.length; i++) rgba[i * 4 + 3] = mask[i] ?? 0;
    return { rgba, mask, width: 200, height: 100 };
  };
  const camera = { closeUp: false, topDown: false, bokeh: 0 };

  it("stands a whole subject on the floor and tells the scene where", async () => {
    const layout = await layoutSubject(cutout([80, 30, 120, 80]), camera);
    expect(layout.standing).toBe(true);
    expect(layout.geometry.subject).toEqual(layout.bounds);
    expect(layout.geometry.horizon).toBeLessThan(layout.bounds.bottom);
  });

  it("keeps a cropped portrait where it is, not standing, with no podium under it", async () => {
    const layout = await layoutSubject(cutout([60, 20, 140, 100]), camera);
    expect(layout.standing).toBe(false);
    expect(layout.bounds.bottom).toBe(100);
    expect(layout.geometry.subject).toBeUndefined();
    expect(standsInFrame(layout.bounds, 100)).toBe(false);
  });

  it("has no horizon seen from above", async () => {
    const layout = await layoutSubject(cutout([80, 30, 120, 80]), { ...camera, topDown: true });
    expect(layout.geometry.horizon).toBe(0);
  });
});

describe("horizonFor", () => {
  it("puts the horizon behind the subject's middle, away from the edges", () => {
    expect(horizonFor({ left: 0, top: 100, right: 10, bottom: 300 }, 400)).toBe(200);
    expect(horizonFor({ left: 0, top: 0, right: 10, bottom: 40 }, 400)).toBe(120);
    expect(horizonFor({ left: 0, top: 380, right: 10, bottom: 400 }, 400)).toBe(288);
    // A close-up camera sits lower.
    expect(horizonFor({ left: 0, top: 100, right: 10, bottom: 300 }, 400, true)).toBeGreaterThan(
      200,
    );
  });
});

describe("a take's camera", () => {
  const box = { left: 150, top: 100, right: 250, bottom: 300 };

  it("raises the camera for a high take and keeps the horizon inside the frame", () => {
    expect(horizonFor(box, 400, false, takeComposition(2))).toBeLessThan(horizonFor(box, 400));
    expect(horizonFor({ ...box, top: 0 }, 400, false, takeComposition(2))).toBeGreaterThanOrEqual(
      72,
    );
  });
});
