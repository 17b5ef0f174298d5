import sharp, { type Sharp } from "sharp";
import { fromRaw, type RawImage } from "../common/index.ts";
import { esrganTileModel, type TileModel } from "../models/index.ts";
import { upscaleTiled } from "./tiled-upscale.ts";

export type UpscalerOptions = {
  /** The share of the work done, 0..1, as it goes. */
  onProgress?: (fraction: number) => void;
};

/** Doubles a decoded image's width and height, as a pipeline ready to encode. */
export type Upscaler = (
  image: RawImage,
  signal: AbortSignal,
  options?: UpscalerOptions,
) => Promise<Sharp>;

/** A light 3x3 sharpen; sharp's Gaussian sharpen costs about three times as long at 4K. */
const CRISPEN = { width: 3, height: 3, kernel: [0, -0.15, 0, -0.15, 1.6, -0.15, 0, -0.15, 0] };

/** Lanczos 2x with a light sharpen to restore edge contrast: the baseline the model must beat. */
export const lanczosUpscaler: Upscaler = async (
  { rgba, width, height, opaque },
  _signal,
  options,
) => {
  const source = fromRaw(rgba, width, height);
  const pipeline = (opaque ? source.removeAlpha() : source)
    .resize(width * 2, height * 2, { kernel: "lanczos3", fit: "fill" })
    .convolve(CRISPEN);
  options?.onProgress?.(1);
  return pipeline;
};

/**
 * Tile side for the model. 256² tiles with their overlap keep the model's working memory near
 * 0.2 GB; larger tiles save little time (the overlap is already under 20%).
 */
export const ESRGAN_TILE = 256;

/** How far, in pixels, visible colours spread under transparent ones before the model runs. */
const BLEED_SIGMA = 3;

/**
 * Colours hidden under transparency are often black; the model would pull them into the edges
 * as a dark fringe. Each pixel's colour is blended, by how transparent it is, towards the
 * alpha-weighted average of the visible colours around it.
 */
async function bleedColours({ rgba, width, height }: RawImage): Promise<Buffer> {
  // sharp blurs RGBA premultiplied and divides by the blurred alpha after: each pixel's colour
  // comes out as the alpha-weighted average of its neighbours', which is the fill we want.
  const around = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .blur(BLEED_SIGMA)
    .raw()
    .toBuffer();
  const out = Buffer.from(rgba);
  for (let i = 0; i < rgba.length; i += 4) {
    const a = (rgba[i + 3] ?? 0) / 255;
    if (a === 1 || around[i + 3] === 0) continue;
    for (let c = 0; c < 3; c++) {
      out[i + c] = (rgba[i + c] ?? 0) * a + (around[i + c] ?? 0) * (1 - a) + 0.5;
    }
  }
  return out;
}

/**
 * The learned 2x: ESRGAN-slim over the colour, tiled. Alpha is not something the model knows,
 * so a transparent image's alpha is scaled with Lanczos and put back beside it, and the colours
 * under its transparent pixels are filled from their visible neighbours first.
 */
export function createEsrganUpscaler(
  model: TileModel = esrganTileModel,
  tile = ESRGAN_TILE,
): Upscaler {
  return async (image, signal, options) => {
    const { rgba, width, height, opaque } = image;
    const colours = opaque ? rgba : await bleedColours(image);
    const rgb = await upscaleTiled(colours, width, height, model, {
      tile,
      signal,
      onProgress: options?.onProgress,
    });
    const colour = sharp(rgb, { raw: { width: width * 2, height: height * 2, channels: 3 } });
    if (opaque) return colour;
    const alpha = await fromRaw(rgba, width, height)
      .extractChannel(3)
      .resize(width * 2, height * 2, { kernel: "lanczos3", fit: "fill" })
      .raw()
      .toBuffer();
    return colour.joinChannel(alpha, {
      raw: { width: width * 2, height: height * 2, channels: 1 },
    });
  };
}

export const esrganUpscaler: Upscaler = createEsrganUpscaler();
