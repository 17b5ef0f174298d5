import sharp from "sharp";
import type { Placement } from "../../image-engine.ts";
import type { Rgba } from "../common/index.ts";
import type { Size } from "../types.ts";

/** A placement with its corner and size in whole pixels, the size at least 1. */
export function roundPlacement({ x, y, width, height }: Placement): Placement {
  return {
    x: Math.round(x),
    y: Math.round(y),
    width: Math.max(1, Math.round(width)),
    height: Math.max(1, Math.round(height)),
  };
}

/**
 * The image resized to the placement's size and laid on a transparent canvas at its corner;
 * what falls outside the canvas is cut off. RGBA at the canvas's size.
 */
export async function placeOnCanvas(
  image: Rgba,
  placement: Placement,
  canvas: Size,
): Promise<Rgba> {
  const { x, y, width, height } = roundPlacement(placement);
  const resized =
    width === image.width && height === image.height
      ? image.rgba
      : await sharp(image.rgba, { raw: { width: image.width, height: image.height, channels: 4 } })
          .resize(width, height, { fit: "fill", kernel: "lanczos3" })
          .raw()
          .toBuffer();
  const out = Buffer.alloc(canvas.width * canvas.height * 4);
  const laid = { rgba: out, width: canvas.width, height: canvas.height };
  const left = Math.max(0, x);
  const right = Math.min(canvas.width, x + width);
  if (right <= left) return laid;
  for (let row = Math.max(0, y); row < Math.min(canvas.height, y + height); row++) {
    const from = ((row - y) * width + (left - x)) * 4;
    resized.copy(out, (row * canvas.width + left) * 4, from, from + (right - left) * 4);
  }
  return laid;
}
