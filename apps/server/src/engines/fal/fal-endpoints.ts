import { outputSize } from "@backdrop/shared";
import type {
  ClarityUpscalerInput,
  IclightV2Input,
  NanoBanana2EditInput,
} from "@fal-ai/client/endpoints";
import type {
  EditInput,
  EngineImage,
  GenerateInput,
  JobStage,
  UpscaleInput,
} from "../image-engine.ts";

/** The three calls the engine makes, each to one fal model. */
export type FalRole = "generate" | "edit" | "upscale";
export type FalEndpoints = Readonly<Record<FalRole, string>>;

/**
 * The only place the engine names fal's models. Each can be replaced by a variable
 * (FAL_GENERATE_ENDPOINT, FAL_EDIT_ENDPOINT, FAL_UPSCALE_ENDPOINT), so a model fal retires is a
 * configuration change; a replacement must take the same input fields (see docs/fal.md).
 */
export const DEFAULT_FAL_ENDPOINTS: FalEndpoints = Object.freeze({
  generate: "fal-ai/iclight-v2",
  edit: "fal-ai/nano-banana-2/edit",
  upscale: "fal-ai/clarity-upscaler",
});

/** The defaults with the configured models in their place. */
export function falEndpoints(overrides: Readonly<Record<FalRole, string | null>>): FalEndpoints {
  return Object.freeze({
    generate: overrides.generate ?? DEFAULT_FAL_ENDPOINTS.generate,
    edit: overrides.edit ?? DEFAULT_FAL_ENDPOINTS.edit,
    upscale: overrides.upscale ?? DEFAULT_FAL_ENDPOINTS.upscale,
  });
}

/** One model call: which model, what it sends, and where its answer keeps the image. */
export type FalCall = {
  role: FalRole;
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
 * the output follows the input; another aspect asks for its output size. Several takes are one
 * call (`num_images`), seeded once.
 */
export function generateCall(
  imageUrl: string,
  { image, prompt, options, seed, shadow = "natural", aspect = "original" }: GenerateInput,
  takes = 1,
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
    ...(takes > 1 ? { num_images: takes } : {}),
    ...(aspect === "original" ? {} : { image_size: outputSize(image.width, image.height, aspect) }),
  } satisfies IclightV2Input;
  return { role: "generate", input, answer: "images", stage: "generating" };
}

export function upscaleCall(imageUrl: string, { options }: UpscaleInput): FalCall {
  const input = {
    image_url: imageUrl,
    upscale_factor: options.upscale_factor,
    creativity: options.creativity,
    resemblance: options.resemblance,
  } satisfies ClarityUpscalerInput;
  return { role: "upscale", input, answer: "image", stage: "upscaling" };
}

/** Nano Banana 2's output sizes by their long side; the edit asks for the first that fits. */
const EDIT_RESOLUTIONS = [
  [512, "0.5K"],
  [1024, "1K"],
  [2048, "2K"],
] as const;

/** The smallest resolution that keeps the image's long side (4K beyond 2048 px). */
export function editResolution({ width, height }: EngineImage): NanoBanana2EditInput["resolution"] {
  const longSide = Math.max(width, height);
  return EDIT_RESOLUTIONS.find(([side]) => longSide <= side)?.[1] ?? "4K";
}

/** Nano Banana 2 (Gemini 3.1 Flash Image) edits the image as the prompt says, at its aspect. */
export function editCall(imageUrl: string, { image, prompt }: EditInput): FalCall {
  const input = {
    prompt,
    image_urls: [imageUrl],
    num_images: 1,
    resolution: editResolution(image),
    aspect_ratio: "auto",
    output_format: "png",
  } satisfies NanoBanana2EditInput;
  return { role: "edit", input, answer: "images", stage: "editing" };
}
