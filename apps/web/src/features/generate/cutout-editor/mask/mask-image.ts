import type { Mask } from "./mask-brush.ts";

function canvasOf(width: number, height: number) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw the cut-out.");
  return { canvas, context };
}

/** An image (blob or URL) loaded for drawing. */
export function loadImage(source: Blob | string): Promise<HTMLImageElement> {
  const url = typeof source === "string" ? source : URL.createObjectURL(source);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be read."));
    image.src = url;
  }).finally(() => {
    if (typeof source !== "string") URL.revokeObjectURL(url);
  }) as Promise<HTMLImageElement>;
}

/** The greyscale PNG's pixels as a mask: one byte a pixel, its grey level. */
export async function decodeMask(png: Blob): Promise<Mask> {
  const image = await loadImage(png);
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const { context } = canvasOf(width, height);
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let index = 0; index < data.length; index += 1) data[index] = rgba[index * 4] as number;
  return { data, width, height };
}

/**
 * The mask as a grey PNG, white kept and black removed. A canvas always writes RGBA, and the
 * server reads a PNG with an alpha channel by its alpha, so the grey level is the alpha too.
 */
export function encodeMask(mask: Mask): Promise<Blob> {
  const { canvas, context } = canvasOf(mask.width, mask.height);
  const pixels = context.createImageData(mask.width, mask.height);
  for (let index = 0; index < mask.data.length; index += 1) {
    const grey = mask.data[index] as number;
    pixels.data[index * 4] = grey;
    pixels.data[index * 4 + 1] = grey;
    pixels.data[index * 4 + 2] = grey;
    pixels.data[index * 4 + 3] = grey;
  }
  context.putImageData(pixels, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The mask could not be encoded."))),
      "image/png",
    ),
  );
}
