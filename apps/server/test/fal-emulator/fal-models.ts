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

/** The `{ width, height }` form of IC-Light's `image_size`, when the input names one. */
function sizeAsked(input: Input): { width: number; height: number } | undefined {
  const size = input.image_size as { width?: unknown; height?: unknown } | undefined;
  const { width, height } = size ?? {};
  return typeof width === "number" && typeof height === "number" ? { width, height } : undefined;
}

/**
 * IC-Light stand-in: the photo relit in the colour of the described scene, at its own size or
 * cropped to the `image_size` asked.
 */
async function relight(
  photo: Buffer,
  prompt: string,
  format: Format,
  nsfw: boolean,
  size?: { width: number; height: number },
) {
  const image = size
    ? await sharp(photo).resize(size.width, size.height, { fit: "cover" }).toBuffer()
    : photo;
  const { width = 1, height = 1 } = await sharp(image).metadata();
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
    output_format: { type: "string", oneOf: ["jpeg", "png"] },
  },
  imageFields: (input) => [{ loc: ["body", "image_url"], url: String(input.image_url) }],
  async run([image], input, { publish, flags }) {
    const format = (input.output_format as Format | undefined) ?? "jpeg";
    const prompt = String(input.prompt);
    const bytes = await relight(image as Buffer, prompt, format, flags.nsfw, sizeAsked(input));
    return ok({
      images: [await publish(bytes, "iclight")],
      seed: input.seed ?? Math.floor(Math.random() * 2 ** 31),
      prompt: input.prompt,
      has_nsfw_concepts: [flags.nsfw],
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

const geminiEdit: Model = {
  rules: {
    prompt: { type: "string", required: true },
    image_urls: { type: "string-list", required: true, min: 1 },
    num_images: { type: "integer", min: 1, max: 4 },
    output_format: { type: "string", oneOf: ["jpeg", "png", "webp"] },
  },
  imageFields: (input) =>
    (input.image_urls as string[]).map((url, index) => ({
      loc: ["body", "image_urls", index],
      url,
    })),
  async run([image], input, { publish }) {
    const format = (input.output_format as Format | undefined) ?? "png";
    const edited = MONOCHROME.test(String(input.prompt))
      ? sharp(image).greyscale()
      : sharp(image).modulate({ saturation: 1.4, brightness: 1.05 });
    const bytes = await edited.toFormat(format).toBuffer();
    return ok({ images: [await publish(bytes, "nano-banana-edit")], description: "" });
  },
};

export const MODELS: Record<string, Model> = {
  "fal-ai/iclight-v2": iclight,
  "fal-ai/clarity-upscaler": clarity,
  "fal-ai/gemini-25-flash-image/edit": geminiEdit,
  "fal-ai/nano-banana/edit": geminiEdit,
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
