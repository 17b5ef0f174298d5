import sharp from "sharp";
import { EngineError, throwIfAborted } from "../../image-engine.ts";
import { clamp, type RawImage } from "../common/index.ts";
import {
  ISNET_SIZE,
  isnetPredictor,
  type MaskPredictor,
  type RunPriority,
} from "../models/index.ts";
import type { Cutout } from "../types.ts";
import { DEFAULT_MATTE, type MatteOptions, refineMatte } from "./matte.ts";

export type CutoutModel = {
  /**
   * The subject's matte as the network sees it, at the photo's size, before refinement: the
   * slow part, made once per upload and kept (see ImageEngine.cutOut). A photo that already
   * has transparency gives its own alpha. Rejects with `no-subject` when nothing stands out.
   */
  predict(image: RawImage, signal?: AbortSignal, priority?: RunPriority): Promise<Buffer>;
  /** A predicted matte refined into the cut-out at the background_threshold and quality asked. */
  refine(image: RawImage, predicted: Uint8Array, matte?: MatteOptions): Cutout;
};

/** Cuts the subject out of a decoded photo: the network's matte, refined as `matte` asks. */
export async function cutOut(
  model: CutoutModel,
  image: RawImage,
  signal?: AbortSignal,
  matte?: MatteOptions,
): Promise<Cutout> {
  return model.refine(image, await model.predict(image, signal), matte);
}

/** Grey border added around frame-filling photos, as a share of each side. */
const PAD_SHARE = 0.2;
/** A mask with more undecided pixels than this is retried on a padded photo. */
const UNCERTAIN_RETRY = 0.2;
/** Fewer opaque pixels than this share means there is no subject to place. */
const MIN_SUBJECT_SHARE = 0.002;

/** Interleaved RGB bytes of ISNET_SIZE² → normalised planar float32, (px − 128) / 256. */
export function toIsnetInput(rgb: Uint8Array): Float32Array {
  const plane = ISNET_SIZE * ISNET_SIZE;
  if (rgb.length !== plane * 3) throw new Error("ISNet input must be 1024x1024 RGB");
  const input = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i++) {
    input[i] = ((rgb[i * 3] ?? 0) - 128) / 256;
    input[plane + i] = ((rgb[i * 3 + 1] ?? 0) - 128) / 256;
    input[2 * plane + i] = ((rgb[i * 3 + 2] ?? 0) - 128) / 256;
  }
  return input;
}

/** A 0..1 alpha plane → bytes. */
export function alphaToBytes(alpha: Float32Array): Buffer {
  const bytes = Buffer.alloc(alpha.length);
  for (let i = 0; i < alpha.length; i++) {
    bytes[i] = Math.round(clamp(alpha[i] ?? 0, 0, 1) * 255);
  }
  return bytes;
}

/** Share of the mask's pixels that are neither clearly subject nor clearly background. */
export function maskUncertainty(mask: Uint8Array): number {
  let undecided = 0;
  for (const value of mask) if (value > 38 && value < 217) undecided++;
  return mask.length === 0 ? 0 : undecided / mask.length;
}

/** Share of the mask's pixels that are mostly subject. */
export function subjectShare(mask: Uint8Array): number {
  let solid = 0;
  for (const value of mask) if (value >= 128) solid++;
  return mask.length === 0 ? 0 : solid / mask.length;
}

type Photo = { rgb: Buffer; width: number; height: number };

async function predictMask(
  predict: MaskPredictor,
  photo: Photo,
  pad: number,
  signal: AbortSignal | undefined,
  priority: RunPriority | undefined,
): Promise<Buffer> {
  const raw = { width: photo.width, height: photo.height, channels: 3 } as const;
  const padX = Math.round(photo.width * pad);
  const padY = Math.round(photo.height * pad);
  const padded = await sharp(photo.rgb, { raw })
    .extend({ top: padY, bottom: padY, left: padX, right: padX, background: "#808080" })
    .raw()
    .toBuffer();
  const square = await sharp(padded, {
    raw: { width: photo.width + 2 * padX, height: photo.height + 2 * padY, channels: 3 },
  })
    .resize(ISNET_SIZE, ISNET_SIZE, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  const alpha = alphaToBytes(await predict(toIsnetInput(square), signal, priority));
  return sharp(alpha, { raw: { width: ISNET_SIZE, height: ISNET_SIZE, channels: 1 } })
    .resize(photo.width + 2 * padX, photo.height + 2 * padY, { fit: "fill", kernel: "linear" })
    .extract({ left: padX, top: padY, width: photo.width, height: photo.height })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

function split(image: RawImage): { photo: Photo; givenMask: Buffer | undefined } {
  const { rgba, width, height } = image;
  const rgb = Buffer.alloc(width * height * 3);
  const given = Buffer.alloc(width * height);
  for (let i = 0, j = 0; i < given.length; i++, j += 4) {
    rgb[i * 3] = rgba[j] ?? 0;
    rgb[i * 3 + 1] = rgba[j + 1] ?? 0;
    rgb[i * 3 + 2] = rgba[j + 2] ?? 0;
    given[i] = rgba[j + 3] ?? 255;
  }
  return { photo: { rgb, width, height }, givenMask: image.opaque ? undefined : given };
}

function requireSubject(mask: Uint8Array): void {
  if (subjectShare(mask) < MIN_SUBJECT_SHARE) {
    throw new EngineError("no-subject", "No subject was found in the photo");
  }
}

function joinAlpha(photo: Photo, mask: Buffer): Buffer {
  const rgba = Buffer.alloc(photo.width * photo.height * 4);
  for (let i = 0; i < mask.length; i++) {
    rgba[i * 4] = photo.rgb[i * 3] ?? 0;
    rgba[i * 4 + 1] = photo.rgb[i * 3 + 1] ?? 0;
    rgba[i * 4 + 2] = photo.rgb[i * 3 + 2] ?? 0;
    rgba[i * 4 + 3] = mask[i] ?? 0;
  }
  return rgba;
}

/**
 * Cut-out with ISNet (or a stand-in predictor). A photo that already has transparency is taken
 * as its own cut-out. When the subject fills the frame the network tends to return a translucent
 * mask; a second pass on the photo framed by a grey border fixes most of those, so it runs only
 * when the first mask is undecided. The chosen matte is then refined at the photo's size
 * (see refineMatte), with colours freed of the old background along the edges.
 */
export function createIsnetCutout(network: MaskPredictor = isnetPredictor): CutoutModel {
  return {
    async predict(image, signal, priority) {
      const { photo, givenMask } = split(image);
      let mask = givenMask;
      if (!mask) {
        if (signal) throwIfAborted(signal);
        mask = await predictMask(network, photo, 0, signal, priority);
        if (maskUncertainty(mask) > UNCERTAIN_RETRY || subjectShare(mask) < MIN_SUBJECT_SHARE) {
          if (signal) throwIfAborted(signal);
          const padded = await predictMask(network, photo, PAD_SHARE, signal, priority);
          if (maskUncertainty(padded) < maskUncertainty(mask)) mask = padded;
        }
      }
      requireSubject(mask);
      return mask;
    },

    refine(image, predicted, matte = DEFAULT_MATTE) {
      const { width, height } = image;
      if (predicted.length !== width * height) throw new Error("The matte is not the photo's size");
      const mask = Buffer.from(predicted);
      if (!image.opaque) return { rgba: image.rgba, mask, width, height };
      const { photo } = split(image);
      const refined = refineMatte(photo.rgb, mask, width, height, matte);
      requireSubject(refined.mask);
      const rgba = joinAlpha({ ...photo, rgb: refined.rgb }, refined.mask);
      return { rgba, mask: refined.mask, width, height };
    },
  };
}
