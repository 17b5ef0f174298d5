import { outputSize } from "@backdrop/shared";
import type {
  ClarityUpscalerInput,
  Gemini25FlashImageEditInput,
  IclightV2Input,
} from "@fal-ai/client/endpoints";
import type { EditInput, GenerateInput, JobStage, UpscaleInput } from "../image-engine.ts";

export const FAL_ENDPOINTS = Object.freeze({
  generate: "fal-ai/iclight-v2",
  upscale: "fal-ai/clarity-upscaler",
  edit: "fal-ai/gemini-25-flash-image/edit",
});

/** One model call: where it goes, what it sends, and where its answer keeps the image. */
export type FalCall = {
  endpoint: string;
  input: Record<string, unknown>;
  /** `images[0].url` or a single `image.url`. */
  answer: "images" | "image";
  /** The stage shown while fal works on it. */
  stage: JobStage;
};

/** What the prompt adds for a shadow other than the natural one: the model reads only words. */
const SHADOW_WORDS = { natural: "", soft: ", soft contact shadow only", none: ", no shadow" };

/**
 * IC-Light v2 with the spec's options. `image_size` is left out for the upload's own aspect, so
 * the output follows the input; another aspect asks for its output size.
 */
export function generateCall(
  imageUrl: string,
  { image, prompt, options, seed, shadow = "natural", aspect = "original" }: GenerateInput,
): FalCall {
  const input = {
    prompt: `${prompt}${SHADOW_WORDS[shadow]}`,
    image_url: imageUrl,
    num_inference_steps: options.num_inference_steps,
    guidance_scale: options.guidance_scale,
    lowres_denoise: options.lowres_denoise,
    enable_hr_fix: options.enable_hr_fix,
    background_threshold: options.background_threshold,
    seed,
    output_format: "png",
    ...(aspect === "original" ? {} : { image_size: outputSize(image.width, image.height, aspect) }),
  } satisfies IclightV2Input;
  return { endpoint: FAL_ENDPOINTS.generate, input, answer: "images", stage: "generating" };
}

export function upscaleCall(imageUrl: string, { options }: UpscaleInput): FalCall {
  const input = {
    image_url: imageUrl,
    upscale_factor: options.upscale_factor,
    creativity: options.creativity,
    resemblance: options.resemblance,
  } satisfies ClarityUpscalerInput;
  return { endpoint: FAL_ENDPOINTS.upscale, input, answer: "image", stage: "upscaling" };
}

export function editCall(imageUrl: string, { prompt }: EditInput): FalCall {
  const input = {
    prompt,
    image_urls: [imageUrl],
    num_images: 1,
    output_format: "png",
  } satisfies Gemini25FlashImageEditInput;
  return { endpoint: FAL_ENDPOINTS.edit, input, answer: "images", stage: "editing" };
}
