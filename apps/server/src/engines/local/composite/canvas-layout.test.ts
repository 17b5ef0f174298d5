import { describe, expect, it } from "vitest";
import { planScene, podiumReach, podiumShape } from "../scene/index.ts";
import type { Bounds, Cutout, Size } from "../types.ts";
import { composite } from "./composite.ts";
import { layoutOnWhite, layoutSubject, subjectBounds, WHITE_FILL } from "./framing.ts";

/** Output sizes scaled down to keep the test quick: every aspect's proportions, and one of each way. */
const CANVASES: Size[] = [
  { width: 240, height: 240 },
  { width: 192, height: 240 },
  { width: 180, height: 240 },
  { width: 240, height: 180 },
  { width: 135, height: 240 },
  { width: 240, height: 135 },
];
const PHOTO = { width: 240, height: 180 };
/** A product standing in the photo, a little left of the middle, its base at 85% of the height. */
const PRODUCT: Bounds = { left: 90, top: 60, right: 130, bottom: 153 };
const SEED = 3;

function cutout(box: Bounds, size: Size = PHOTO): Cutout {
  const { width, height } = size;
  const rgba = Buffer.alloc(width * height * 4);
  const mask = Buffer.alloc(width * height);
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      const i = y * width + x;
      mask[i] = 255;
      rgba.set([40, 90, 200, 255], i * 4);
    }
  }
  return { rgba, mask, width, height };
}

const widthOf = (box: Bounds) => box.right - box.left;
const heightOf = (box: Bounds) => box.bottom - box.top;

async function rendered(photo: Cutout, prompt: string, canvas: Size) {
  const pipeline = await composite(photo, planScene(prompt), SEED, "fast", canvas);
  return pipeline.raw().toBuffer({ resolveWithObject: true });
}

describe("the subject framed for a canvas of other proportions", () => {
  it("renders at the canvas's size, the subject whole, undistorted and standing where it stood", async () => {
    const photo = cutout(PRODUCT);
    const plan = planScene("on a marble counter in soft morning light");
    for (const canvas of CANVASES) {
      const { info } = await rendered(photo, "on a marble counter in soft morning light", canvas);
      expect([info.width, info.height, info.channels]).toEqual([canvas.width, canvas.height, 3]);
      const layout = await layoutSubject(photo, plan.camera, false, canvas);
      const placed = subjectBounds(layout.cutout.mask, canvas.width, canvas.height) as Bounds;
      // Whole: inside the picture; undistorted: its proportions within a pixel or two.
      expect(placed.left).toBeGreaterThan(0);
      expect(placed.top).toBeGreaterThan(0);
      expect(placed.right).toBeLessThan(canvas.width);
      expect(placed.bottom).toBeLessThan(canvas.height);
      const scale = (widthOf(placed) + heightOf(placed)) / (widthOf(PRODUCT) + heightOf(PRODUCT));
      expect(Math.abs(widthOf(placed) - widthOf(PRODUCT) * scale)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(heightOf(placed) - heightOf(PRODUCT) * scale)).toBeLessThanOrEqual(1.5);
      // As large in its frame as in the photo, standing on the floor at the same height.
      const fills = Math.max(widthOf(placed) / canvas.width, heightOf(placed) / canvas.height);
      expect(fills).toBeCloseTo(heightOf(PRODUCT) / PHOTO.height, 1);
      expect(layout.standing).toBe(true);
      expect(placed.bottom / canvas.height).toBeCloseTo(PRODUCT.bottom / PHOTO.height, 1);
      expect(layout.geometry.horizon).toBeLessThan(placed.bottom);
      expect((placed.left + placed.right) / 2 / canvas.width).toBeCloseTo(110 / 240, 1);
    }
  });

  it("shrinks a product that would crowd the new frame onto the floor, as on its own", async () => {
    // Filling most of a square photo: on a wide canvas it would reach the top.
    const tall = cutout(
      { left: 100, top: 8, right: 140, bottom: 232 },
      { width: 240, height: 240 },
    );
    const canvas = { width: 240, height: 135 };
    const layout = await layoutSubject(tall, planScene("on a wooden table").camera, false, canvas);
    expect(heightOf(layout.bounds)).toBeLessThanOrEqual(Math.ceil(135 * 0.74));
    expect(layout.bounds.bottom).toBeCloseTo(135 * 0.92, 0);
    expect(layout.standing).toBe(true);
  });

  it("shows the podium whole under the subject on every canvas", async () => {
    const photo = cutout(PRODUCT);
    const plan = planScene("on a podium, pastel background");
    expect(plan.podium).toBe(true);
    for (const canvas of CANVASES) {
      const layout = await layoutSubject(photo, plan.camera, true, canvas);
      const shape = podiumShape(layout.bounds, canvas.width, canvas.height, false);
      expect(layout.standing).toBe(true);
      expect(layout.bounds.top).toBeGreaterThanOrEqual(0);
      expect(shape.bottom + podiumReach(shape)).toBeLessThanOrEqual(canvas.height);
      expect(shape.cx - shape.rx).toBeGreaterThanOrEqual(0);
      expect(shape.cx + shape.rx).toBeLessThanOrEqual(canvas.width);
    }
  });

  it("fills a white square as it fills the upload's own frame, all else pure white", async () => {
    const photo = cutout(PRODUCT);
    const canvas = { width: 240, height: 240 };
    const layout = await layoutOnWhite(photo, canvas);
    const placed = subjectBounds(layout.cutout.mask, 240, 240) as Bounds;
    expect(Math.max(widthOf(layout.bounds), heightOf(layout.bounds))).toBe(240 * WHITE_FILL);
    expect(Math.abs(heightOf(placed) - 240 * WHITE_FILL)).toBeLessThanOrEqual(2);
    expect(Math.abs((placed.left + placed.right) / 2 - 120)).toBeLessThanOrEqual(1);
    expect(Math.abs((placed.top + placed.bottom) / 2 - 120)).toBeLessThanOrEqual(1);
    const { data } = await rendered(photo, "white background", canvas);
    // The corners and the sides are the background's own white.
    for (const i of [0, 239, 240 * 120, 240 * 240 - 1]) {
      expect([data[i * 3], data[i * 3 + 1], data[i * 3 + 2]]).toEqual([255, 255, 255]);
    }
  });

  it("keeps a subject the frame cuts on the edge it runs off, with no floor under it", async () => {
    // A bust: the photo cuts its chest at the bottom edge.
    const bust = cutout({ left: 80, top: 30, right: 160, bottom: 180 });
    const camera = planScene("in a cafe").camera;
    for (const canvas of [
      { width: 240, height: 135 },
      { width: 135, height: 240 },
    ]) {
      for (const layout of [
        await layoutSubject(bust, camera, false, canvas),
        await layoutOnWhite(bust, canvas),
      ]) {
        const placed = subjectBounds(layout.cutout.mask, canvas.width, canvas.height) as Bounds;
        expect(placed.bottom).toBe(canvas.height);
        expect(placed.top).toBeGreaterThan(0);
        expect(layout.standing).toBe(false);
      }
    }
  });

  it("draws exactly as before on the photo's own size", async () => {
    for (const prompt of ["on a sandy beach at sunset", "on a podium", "white background"]) {
      const photo = cutout(PRODUCT);
      const before = await (await composite(photo, planScene(prompt), SEED, "fast"))
        .raw()
        .toBuffer();
      const { data } = await rendered(photo, prompt, { ...PHOTO });
      expect(data.equals(before)).toBe(true);
    }
  });
});
