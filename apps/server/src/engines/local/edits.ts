import type { Matrix3x3, Sharp } from "sharp";
import { throwIfAborted } from "../image-engine.ts";
import { fromRaw, type RawImage } from "./decode.ts";
import type { EditOp } from "./edit-plan.ts";

export { type EditOp, planEdits } from "./edit-plan.ts";

/** Edits that need to know where the subject is. */
export const SUBJECT_EDITS: ReadonlySet<EditOp> = new Set(["remove-background", "blur-background"]);

const SEPIA: Matrix3x3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

const LUMA: [number, number, number] = [0.2126, 0.7152, 0.0722];

/** The adjustments that are one sharp operation on the whole picture. */
const GLOBAL: Partial<Record<EditOp, (image: Sharp) => Sharp>> = {
  sharpen: (image) => image.sharpen({ sigma: 1.2, m1: 0.8, m2: 2.5 }),
  "more-contrast": (image) => image.linear(1.25, -32),
  "less-contrast": (image) => image.linear(0.82, 23),
  "more-saturated": (image) => image.modulate({ saturation: 1.35 }),
  "less-saturated": (image) => image.modulate({ saturation: 0.6 }),
  warmer: (image) => image.linear([1.07, 1.01, 0.9], [6, 2, -4]),
  cooler: (image) => image.linear([0.92, 0.99, 1.07], [-4, 0, 8]),
  // A matrix rather than sharp's grayscale(), which would switch the image to one channel.
  grayscale: (image) => image.recomb([LUMA, LUMA, LUMA]),
  sepia: (image) => image.recomb(SEPIA).linear(0.92, 10),
  "auto-enhance": (image) =>
    image.normalise({ lower: 1, upper: 99 }).modulate({ saturation: 1.12 }).sharpen({ sigma: 0.8 }),
};

/** A power curve on the colour channels: lifts or lowers the mid-tones without clipping. */
function toneCurve(image: RawImage, exponent: number): RawImage {
  const table = Array.from({ length: 256 }, (_, v) => Math.round(255 * (v / 255) ** exponent));
  const rgba = Buffer.from(image.rgba);
  for (let i = 0; i < rgba.length; i++) {
    if (i % 4 !== 3) rgba[i] = table[rgba[i] ?? 0] ?? 0;
  }
  return { ...image, rgba };
}

const CURVES: Partial<Record<EditOp, number>> = { brighter: 0.78, darker: 1.3 };

/** Runs one operation to the end: sharp applies a pipeline's steps in its own fixed order. */
async function step(image: RawImage, operation: (image: Sharp) => Sharp): Promise<RawImage> {
  const { data, info } = await operation(fromRaw(image.rgba, image.width, image.height))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Colour operations must not touch transparency: the original alpha goes back in.
  for (let i = 3; i < data.length; i += 4) data[i] = image.rgba[i] ?? 255;
  return { ...image, rgba: data, width: info.width, height: info.height };
}

async function blurBackground(image: RawImage, mask: Uint8Array): Promise<RawImage> {
  const sigma = Math.max(2, Math.hypot(image.width, image.height) * 0.008);
  const blurred = await step(image, (pipeline) => pipeline.blur(sigma));
  const rgba = Buffer.from(image.rgba);
  for (let i = 0; i < mask.length; i++) {
    const keep = (mask[i] ?? 0) / 255;
    for (let c = 0; c < 3; c++) {
      const j = i * 4 + c;
      rgba[j] = (image.rgba[j] ?? 0) * keep + (blurred.rgba[j] ?? 0) * (1 - keep);
    }
  }
  return { ...image, rgba };
}

function removeBackground(image: RawImage, mask: Uint8Array): RawImage {
  const rgba = Buffer.from(image.rgba);
  for (let i = 0; i < mask.length; i++) {
    rgba[i * 4 + 3] = Math.min(rgba[i * 4 + 3] ?? 255, mask[i] ?? 0);
  }
  return { ...image, rgba, opaque: false };
}

/**
 * Applies the planned edits one after another. `mask` (the subject's alpha at the image's size)
 * is needed only for the SUBJECT_EDITS; without it they are skipped.
 */
export async function applyEdits(
  image: RawImage,
  ops: readonly EditOp[],
  mask?: Uint8Array,
  signal?: AbortSignal,
): Promise<RawImage> {
  let current = image;
  for (const op of ops) {
    if (signal) throwIfAborted(signal);
    if (op === "remove-background") {
      if (mask) current = removeBackground(current, mask);
    } else if (op === "blur-background") {
      if (mask) current = await blurBackground(current, mask);
    } else if (CURVES[op]) {
      current = toneCurve(current, CURVES[op]);
    } else {
      const operation = GLOBAL[op];
      if (operation) current = await step(current, operation);
    }
  }
  return current;
}
