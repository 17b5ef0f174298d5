import { createHash } from "node:crypto";
import sharp from "sharp";
import { type Answer, type FieldError, invalidField, ok, unprocessable } from "./fal-replies.ts";
import type { FileStore } from "./file-store.ts";
import { checkInput, type FieldRule, type Input } from "./input-rules.ts";

/** What a scenario changes about one model run. */
export type RunFlags = { nsfw: boolean; keepOutput: boolean };

type ImageFile = {
  url: string;
  content_type: string;
  file_name: string;
  file_size: number;
  width: number;
  height: number;
};

type Tools = { publish(bytes: Buffer, stem: string): Promise<ImageFile>; flags: RunFlags };

type Model = {
  rules: Record<string, FieldRule>;
  /** The input fields that hold image URLs, in the order `run` receives their images. */
  imageFields: (input: Input) => { loc: (string | number)[]; url: string }[];
  run(images: Buffer[], input: Input, tools: Tools): Promise<Answer>;
};

const unit = { type: "number", min: 0, max: 1 } as const;

/** A colour that follows the prompt, so different scenes look different. */
function promptColour(prompt: string) {
  const [r = 0, g = 0, b = 0] = createHash("sha256").update(prompt).digest();
  return { r, g, b };
}

type Format = "png" | "jpeg" | "webp";

/** How many images an answer holds (`num_images`, 1 unless asked). */
const imageCount = (input: Input) => (input.num_images as number | undefined) ?? 1;

/** The `{ width, height }` form of IC-Light's `image_size`, when the input names one. */
function sizeAsked(input: Input): { width: number; height: number } | undefined {
  const size = input.image_size as { width?: unknown; height?: unknown } | undefined;
  const { width, height } = size ?? {};
  return typeof width === "number" && typeof height === "number" ? { width, height } : undefined;
}

/** How much IC-Light's stand-in enlarges the frame it redraws: 2%. */
export const ICLIGHT_ZOOM = 1.02;

/**
 * Where the stand-in puts the photo's frame in an answer of `width`×`height`: enlarged by
 * ICLIGHT_ZOOM and shifted right by all of the spare width, as a model that redraws the frame
 * moves the subject by a few pixels. Tests check the engine finds it there.
 */
export function iclightFrame(width: number, height: number) {
  const zoomed = {
    width: Math.round(width * ICLIGHT_ZOOM),
    height: Math.round(height * ICLIGHT_ZOOM),
  };
  const top = Math.floor((zoomed.height - height) / 2);
  return { ...zoomed, left: 0, top };
}

/**
 * IC-Light stand-in: the photo relit in the colour of the described scene, at its own size or
 * cropped to the `image_size` asked, its frame a little enlarged and moved (see iclightFrame).
 */
async function relight(
  photo: Buffer,
  prompt: string,
  format: Format,
  nsfw: boolean,
  size?: { width: number; height: number },
) {
  const fitted = size
    ? await sharp(photo).resize(size.width, size.height, { fit: "cover" }).toBuffer()
    : photo;
  const { width = 1, height = 1 } = await sharp(fitted).metadata();
  const frame = iclightFrame(width, height);
  const image = await sharp(fitted)
    .resize(frame.width, frame.height)
    .extract({ left: frame.left, top: frame.top, width, height })
    .toBuffer();
  const colour = promptColour(prompt);
  if (nsfw) {
    // fal's safety checker answers a black image alongside the flag.
    const black = { r: 0, g: 0, b: 0 };
    return sharp({ create: { width, height, channels: 3, background: black } })
      .toFormat(format)
      .toBuffer();
  }
  const light = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return sharp(image)
    .flatten({ background: colour })
    .composite([{ input: light, blend: "soft-light" }])
    .toFormat(format)
    .toBuffer();
}

const iclight: Model = {
  rules: {
    prompt: { type: "string", required: true },
    image_url: { type: "string", required: true },
    num_inference_steps: { type: "integer", min: 1, max: 100 },
    guidance_scale: { type: "number", min: 0, max: 20 },
    lowres_denoise: unit,
    highres_denoise: unit,
    background_threshold: unit,
    enable_hr_fix: { type: "boolean" },
    seed: { type: "integer" },
    num_images: { type: "integer", min: 1, max: 4 },
    output_format: { type: "string", oneOf: ["jpeg", "png"] },
  },
  imageFields: (input) => [{ loc: ["body", "image_url"], url: String(input.image_url) }],
  async run([image], input, { publish, flags }) {
    const format = (input.output_format as Format | undefined) ?? "jpeg";
    const seed = (input.seed as number | undefined) ?? Math.floor(Math.random() * 2 ** 31);
    const images = [];
    for (let take = 0; take < imageCount(input); take++) {
      // Each take of one call lit a little differently, as the model's batch would be.
      const prompt = take === 0 ? String(input.prompt) : `${input.prompt} #${take}`;
      const bytes = await relight(image as Buffer, prompt, format, flags.nsfw, sizeAsked(input));
      images.push(await publish(bytes, "iclight"));
    }
    return ok({
      images,
      seed,
      prompt: input.prompt,
      has_nsfw_concepts: images.map(() => flags.nsfw),
      timings: { inference: 0.05 },
    });
  },
};

const clarity: Model = {
  rules: {
    image_url: { type: "string", required: true },
    upscale_factor: { type: "number", min: 1, max: 4 },
    creativity: unit,
    resemblance: unit,
    guidance_scale: { type: "number", min: 0, max: 20 },
    num_inference_steps: { type: "integer", min: 4, max: 50 },
    prompt: { type: "string" },
    seed: { type: "integer" },
  },
  imageFields: (input) => [{ loc: ["body", "image_url"], url: String(input.image_url) }],
  async run([image], input, { publish }) {
    const factor = (input.upscale_factor as number | undefined) ?? 2;
    const { width = 1, height = 1 } = await sharp(image).metadata();
    const bytes = await sharp(image)
      .resize(Math.round(width * factor), Math.round(height * factor), { kernel: "lanczos3" })
      .png()
      .toBuffer();
    return ok({ image: await publish(bytes, "clarity"), seed: 42, timings: { inference: 0.05 } });
  },
};

const MONOCHROME = /black and white|black & white|grey|gray|monochrome/i;

/** Nano Banana 2's `resolution`: the long side of what it answers. */
const RESOLUTION_SIDES: Record<string, number> = {
  "0.5K": 512,
  "1K": 1024,
  "2K": 2048,
  "4K": 4096,
};

/**
 * Nano Banana 2 edit stand-in (`fal-ai/nano-banana-2/edit`): the first image greyed or
 * brightened as the prompt says, at the asked resolution's long side and the image's own
 * aspect (`aspect_ratio: auto`), one take per `num_images`, each a little different.
 */
const nanoBanana2Edit: Model = {
  rules: {
    prompt: { type: "string", required: true },
    image_urls: { type: "string-list", required: true, min: 1 },
    num_images: { type: "integer", min: 1, max: 4 },
    aspect_ratio: {
      type: "string",
      oneOf: ["auto", "21:9", "16:9", "3:2", "4:3", "5:4", "1:1", "4:5", "3:4", "2:3", "9:16"],
    },
    resolution: { type: "string", oneOf: Object.keys(RESOLUTION_SIDES) },
    output_format: { type: "string", oneOf: ["jpeg", "png", "webp"] },
    safety_tolerance: { type: "string", oneOf: ["1", "2", "3", "4", "5", "6"] },
    seed: { type: "integer" },
    limit_generations: { type: "boolean" },
    enable_web_search: { type: "boolean" },
    sync_mode: { type: "boolean" },
  },
  imageFields: (input) =>
    (input.image_urls as string[]).map((url, index) => ({
      loc: ["body", "image_urls", index],
      url,
    })),
  async run([image], input, { publish }) {
    const format = (input.output_format as Format | undefined) ?? "png";
    const side = RESOLUTION_SIDES[String(input.resolution ?? "1K")] ?? 1024;
    const { width = 1, height = 1 } = await sharp(image).metadata();
    const scale = side / Math.max(width, height);
    const size = { width: Math.round(width * scale), height: Math.round(height * scale) };
    const images = [];
    for (let take = 0; take < imageCount(input); take++) {
      const resized = sharp(image).resize(size.width, size.height);
      const edited = MONOCHROME.test(String(input.prompt))
        ? resized.greyscale()
        : resized.modulate({ saturation: 1.4, brightness: 1.05 + take * 0.05 });
      images.push(await publish(await edited.toFormat(format).toBuffer(), "nano-banana-2-edit"));
    }
    return ok({ images, description: "" });
  },
};

export const MODELS: Record<string, Model> = {
  "fal-ai/iclight-v2": iclight,
  "fal-ai/clarity-upscaler": clarity,
  "fal-ai/nano-banana-2/edit": nanoBanana2Edit,
};

function loadImages(model: Model, input: Input, files: FileStore) {
  const errors: FieldError[] = [];
  const images: Buffer[] = [];
  for (const { loc, url } of model.imageFields(input)) {
    const file = files.read(url);
    if (file) images.push(file.bytes);
    else {
      const message = "Failed to download the file. Please check if the URL is accessible.";
      errors.push({ ...invalidField("", message, "file_download_error"), loc });
    }
  }
  return { images, errors };
}

/** Runs one model on one input: what fal's runner would answer for it. */
export async function runModel(
  endpoint: string,
  input: Input,
  files: FileStore,
  flags: RunFlags,
): Promise<Answer> {
  const model = MODELS[endpoint];
  if (!model) return { status: 404, body: { detail: `Application '${endpoint}' not found` } };
  const invalid = checkInput(input, model.rules);
  if (invalid.length > 0) return unprocessable(invalid);
  const { images, errors } = loadImages(model, input, files);
  if (errors.length > 0) return unprocessable(errors);
  const publish = async (bytes: Buffer, stem: string): Promise<ImageFile> => {
    const meta = await sharp(bytes).metadata();
    const contentType = `image/${meta.format}`;
    const url = files.save(bytes, contentType, stem);
    if (!flags.keepOutput) files.delete(url);
    return {
      url,
      content_type: contentType,
      file_name: url.slice(url.lastIndexOf("/") + 1),
      file_size: bytes.length,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
    };
  };
  try {
    return await model.run(images, input, { publish, flags });
  } catch {
    return unprocessable([
      invalidField("image_url", "Could not read the image", "image_load_error"),
    ]);
  }
}
