import type { CutoutModel } from "../../src/engines/local/cutout/index.ts";

/** A stand-in for ISNet that answers at once: the middle of the photo is the subject, hard-edged. */
export const middleCutout: CutoutModel = {
  async predict(image) {
    const { width, height } = image;
    const mask = Buffer.alloc(width * height);
    for (let y = Math.floor(height / 4); y < (height * 3) / 4; y++) {
      mask.fill(255, y * width + Math.floor(width / 4), y * width + Math.floor((width * 3) / 4));
    }
    return mask;
  },
  refine(image, predicted) {
    const { width, height } = image;
    const mask = Buffer.from(predicted);
    const rgba = Buffer.from(image.rgba);
    for (let i = 0; i < mask.length; i++) rgba[i * 4 + 3] = mask[i] ?? 0;
    return { rgba, mask, width, height };
  },
};

/**
 * A stand-in for ISNet on a portrait: the subject is a box from `left`..`right` and `top` down
 * to the photo's foot (shares of its size), so the photo cuts it at the bottom and wherever the
 * box reaches an edge.
 */
export function bustCutout(left: number, top: number, right: number): CutoutModel {
  return {
    async predict({ width, height }) {
      const mask = Buffer.alloc(width * height);
      for (let y = Math.floor(height * top); y < height; y++) {
        mask.fill(255, y * width + Math.floor(width * left), y * width + Math.ceil(width * right));
      }
      return mask;
    },
    refine: middleCutout.refine,
  };
}
