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
