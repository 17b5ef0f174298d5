import { describe, expect, it } from "vitest";
import type { FrameEdges } from "../common/index.ts";
import type { Bounds } from "../types.ts";
import { boundsOnCanvas, fitOnCanvas } from "./canvas-fit.ts";

const WHOLE: FrameEdges = { top: false, bottom: false, left: false, right: false };
const PHOTO = { width: 400, height: 300 };

function fitted(box: Bounds, canvas: { width: number; height: number }, edges = WHOLE) {
  const centre = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
  const fit = fitOnCanvas(box, PHOTO, canvas, edges, centre);
  return { fit, box: boundsOnCanvas(box, fit), frame: boundsOnCanvas(frameOf(), fit) };
}

const frameOf = (): Bounds => ({ left: 0, top: 0, right: PHOTO.width, bottom: PHOTO.height });
const widthOf = (box: Bounds) => box.right - box.left;
const heightOf = (box: Bounds) => box.bottom - box.top;

describe("fitOnCanvas", () => {
  it("leaves a photo on its own size as it is", () => {
    const box = { left: 150, top: 80, right: 250, bottom: 270 };
    const { fit } = fitted(box, PHOTO);
    expect(fit.scale).toBeCloseTo(1, 9);
    expect(fit.left).toBeCloseTo(0, 9);
    expect(fit.top).toBeCloseTo(0, 9);
  });

  it("keeps how much of the frame a whole subject fills, its middle across and its base down", () => {
    // A bottle 60% of the photo's height, its base at 90% of it, a little left of the middle.
    const box = { left: 140, top: 90, right: 200, bottom: 270 };
    for (const canvas of [
      { width: 1024, height: 1024 },
      { width: 576, height: 1024 },
      { width: 1024, height: 576 },
    ]) {
      const placed = fitted(box, canvas).box;
      const fills = Math.max(widthOf(placed) / canvas.width, heightOf(placed) / canvas.height);
      expect(fills).toBeCloseTo(0.6, 2);
      expect(placed.bottom / canvas.height).toBeCloseTo(0.9, 2);
      expect((placed.left + placed.right) / 2 / canvas.width).toBeCloseTo(170 / 400, 2);
      // Not distorted: one scale for both sides.
      expect(widthOf(placed) / heightOf(placed)).toBeCloseTo(60 / 180, 1);
    }
  });

  it("keeps a whole subject inside the canvas's margins", () => {
    // A wide product filling the photo's width: on a tall canvas it may not reach the edges.
    const placed = fitted(
      { left: 2, top: 100, right: 398, bottom: 200 },
      { width: 576, height: 1024 },
    ).box;
    expect(placed.left).toBeGreaterThanOrEqual(11);
    expect(placed.right).toBeLessThanOrEqual(576 - 11);
  });

  it("keeps a bust's cut base on the bottom edge and its head inside, on any canvas", () => {
    const bust = { left: 120, top: 40, right: 280, bottom: 300 };
    const edges = { ...WHOLE, bottom: true };
    for (const canvas of [
      { width: 1024, height: 576 },
      { width: 576, height: 1024 },
    ]) {
      const { box, frame } = fitted(bust, canvas, edges);
      expect(frame.bottom).toBe(canvas.height);
      expect(box.top).toBeGreaterThan(0);
      expect(box.left).toBeGreaterThan(0);
      expect(box.right).toBeLessThan(canvas.width);
    }
  });

  it("spans a canvas with a subject cut on both sides, losing the cut base, never the head", () => {
    // Shoulders run off both sides and the chest off the bottom: on a wide canvas the photo
    // must grow to the canvas's width, so more of the chest goes, and the head stays.
    const bust = { left: 0, top: 30, right: 400, bottom: 300 };
    const edges = { ...WHOLE, left: true, right: true, bottom: true };
    const { box, frame } = fitted(bust, { width: 1024, height: 576 }, edges);
    expect(frame.left).toBeLessThanOrEqual(0);
    expect(frame.right).toBeGreaterThanOrEqual(1024);
    expect(frame.bottom).toBeGreaterThan(576);
    expect(box.top).toBeGreaterThanOrEqual(11);
  });

  it("crops a subject cut on both ends of an axis around its centre of mass", () => {
    // A close-up running off all four sides, its weight left of the middle.
    const all = { top: true, bottom: true, left: true, right: true };
    const fit = fitOnCanvas(frameOf(), PHOTO, { width: 576, height: 1024 }, all, {
      x: 150,
      y: 150,
    });
    const frame = boundsOnCanvas(frameOf(), fit);
    expect(frame.top).toBeLessThanOrEqual(0);
    expect(frame.bottom).toBeGreaterThanOrEqual(1024);
    expect(frame.left).toBeLessThanOrEqual(0);
    expect(frame.right).toBeGreaterThanOrEqual(576);
    expect(fit.left + 150 * fit.scale).toBeCloseTo(288, 0);
  });
});
