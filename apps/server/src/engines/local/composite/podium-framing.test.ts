import { describe, expect, it } from "vitest";
import { planScene, podiumReach, podiumShape } from "../scene/index.ts";
import type { Bounds, Cutout } from "../types.ts";
import { layoutSubject } from "./framing.ts";
import { clipToPodiumTop, podiumFraming } from "./podium-framing.ts";

/** Frame shapes and where a subject sits in each, as a share of the frame. */
const CASES: [width: number, height: number, box: [number, number, number, number]][] = [
  [600, 400, [0.2, 0.05, 0.8, 0.92]],
  [600, 400, [0.05, 0.3, 0.45, 0.95]],
  [400, 600, [0.3, 0.1, 0.7, 0.9]],
  [512, 512, [0.4, 0.5, 0.6, 0.7]],
  [1024, 576, [0.1, 0.02, 0.9, 0.97]],
  [300, 900, [0.1, 0.2, 0.9, 0.6]],
  [900, 300, [0.45, 0.1, 0.55, 0.95]],
];

const boxIn = (width: number, height: number, [l, t, r, b]: number[]): Bounds => ({
  left: Math.round(width * (l ?? 0)),
  top: Math.round(height * (t ?? 0)),
  right: Math.round(width * (r ?? 1)),
  bottom: Math.round(height * (b ?? 1)),
});

describe("podiumFraming", () => {
  it.each(CASES)(
    "in %dx%d puts the subject centred on a podium that shows whole",
    (width, height, share) => {
      const from = boxIn(width, height, share);
      const placed = podiumFraming(from, width, height, false);
      const shape = podiumShape(placed, width, height, false);
      // Centred across, on the podium's top, never larger than photographed.
      expect(Math.abs((placed.left + placed.right) / 2 - width / 2)).toBeLessThanOrEqual(1);
      expect(shape.top).toBe(placed.bottom);
      expect(placed.bottom - placed.top).toBeLessThanOrEqual(from.bottom - from.top);
      expect(placed.bottom).toBeLessThanOrEqual(from.bottom);
      // The whole podium, down to its floor shadow, and the subject's top are in the frame.
      expect(shape.bottom + podiumReach(shape)).toBeLessThanOrEqual(height);
      expect(shape.cx - shape.rx).toBeGreaterThanOrEqual(0);
      expect(shape.cx + shape.rx).toBeLessThanOrEqual(width);
      expect(placed.top).toBeGreaterThanOrEqual(0);
    },
  );

  it("keeps the subject's size when the podium already fits under it", () => {
    const from = { left: 280, top: 100, right: 320, bottom: 200 };
    const placed = podiumFraming(from, 600, 400, false);
    expect(placed).toEqual(from);
  });
});

describe("clipToPodiumTop", () => {
  it("keeps shadow on the podium's top face and none past its rim", () => {
    const [width, height] = [200, 200];
    const subject = { left: 80, top: 40, right: 120, bottom: 120 };
    const shape = podiumShape(subject, width, height, false);
    const shade = Buffer.alloc(width * height, 200);
    clipToPodiumTop(shade, { width, height, horizon: 80, subject }, false);
    const at = (x: number, y: number) => shade[Math.round(y) * width + Math.round(x)] ?? 0;
    expect(at(shape.cx, shape.top)).toBe(200);
    expect(at(shape.cx + shape.rx * 0.6, shape.top)).toBe(200);
    expect(at(shape.cx + shape.rx + 3, shape.top)).toBe(0);
    expect(at(shape.cx, shape.top + shape.ry + 3)).toBe(0);
    expect(at(shape.cx, shape.bottom)).toBe(0);
  });
});

describe("a subject on a podium", () => {
  it("is moved onto it: centred, its base on the top, the podium whole", async () => {
    // A cup filling most of a landscape photo, standing left of the middle.
    const [width, height] = [300, 200];
    const box = { left: 40, top: 20, right: 200, bottom: 185 };
    const mask = Buffer.alloc(width * height);
    const rgba = Buffer.alloc(width * height * 4);
    for (let y = box.top; y < box.bottom; y++) {
      for (let x = box.left; x < box.right; x++) {
        mask[y * width + x] = 255;
        rgba.set([180, 40, 30, 255], (y * width + x) * 4);
      }
    }
    const photo: Cutout = { rgba, mask, width, height };
    const { camera } = planScene("on a white podium");
    const plain = await layoutSubject(photo, camera);
    const layout = await layoutSubject(photo, camera, true);
    const shape = podiumShape(layout.bounds, width, height, false);
    expect(layout.standing).toBe(true);
    expect(layout.geometry.subject).toEqual(layout.bounds);
    expect(
      Math.abs((layout.bounds.left + layout.bounds.right) / 2 - width / 2),
    ).toBeLessThanOrEqual(1);
    expect(shape.bottom + podiumReach(shape)).toBeLessThanOrEqual(height);
    // Without the podium the same subject would stand lower and larger, its podium cut off.
    const before = podiumShape(plain.bounds, width, height, false);
    expect(before.bottom + podiumReach(before)).toBeGreaterThan(height);
  });
});
