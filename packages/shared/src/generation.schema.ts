import { z } from "zod";
import { ASPECTS, DEFAULT_ASPECT } from "./aspect.ts";
import { ZFidelity } from "./fidelity.schema.ts";
import {
  ARCHIVE_LIMIT,
  DEFAULT_PROCESSING_METHOD,
  DEFAULT_SHADOW_STYLE,
  GENERATION_DEFAULTS,
  JOB_STATUSES,
  MAX_SEED,
  MAX_VARIATIONS,
  PROCESSING_METHODS,
  PROMPT_MAX_LENGTH,
  RECORD_STATUSES,
  SHADOW_STYLES,
  UPSCALE_DEFAULTS,
} from "./generation.ts";
import { AUTH_MESSAGES, GALLERY_MESSAGES, GENERATION_MESSAGES } from "./messages.ts";

const unit = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0)
    .max(1, `${name} must be between 0 and 1`);

export const ZGenerationOptions = z
  .object({
    background_threshold: unit("background_threshold").default(
      GENERATION_DEFAULTS.background_threshold,
    ),
    num_inference_steps: z
      .number({ error: "num_inference_steps must be a number" })
      .int("num_inference_steps must be a whole number")
      .min(1, "num_inference_steps must be between 1 and 50")
      .max(50, "num_inference_steps must be between 1 and 50")
      .default(GENERATION_DEFAULTS.num_inference_steps),
    guidance_scale: z
      .number({ error: "guidance_scale must be a number" })
      .min(0, "guidance_scale must be between 0 and 20")
      .max(20, "guidance_scale must be between 0 and 20")
      .default(GENERATION_DEFAULTS.guidance_scale),
    lowres_denoise: unit("lowres_denoise").default(GENERATION_DEFAULTS.lowres_denoise),
    enable_hr_fix: z
      .boolean({ error: "enable_hr_fix must be true or false" })
      .default(GENERATION_DEFAULTS.enable_hr_fix),
  })
  .default(GENERATION_DEFAULTS);
export type GenerationOptions = z.infer<typeof ZGenerationOptions>;

export const ZUpscaleOptions = z
  .object({
    upscale_factor: z
      .literal(2, { error: "Only 2x upscaling is available" })
      .default(UPSCALE_DEFAULTS.upscale_factor),
    creativity: unit("creativity").default(UPSCALE_DEFAULTS.creativity),
    resemblance: unit("resemblance").default(UPSCALE_DEFAULTS.resemblance),
  })
  .default(UPSCALE_DEFAULTS);
export type UpscaleOptions = z.infer<typeof ZUpscaleOptions>;

const userUid = z
  .string({ error: AUTH_MESSAGES.uidRequired })
  .trim()
  .min(1, AUTH_MESSAGES.uidRequired);
const recordId = z
  .string({ error: GENERATION_MESSAGES.recordIdRequired })
  .trim()
  .min(1, GENERATION_MESSAGES.recordIdRequired);
const imageUrl = z
  .string({ error: GENERATION_MESSAGES.imageUrlRequired })
  .trim()
  .min(1, GENERATION_MESSAGES.imageUrlRequired);
const prompt = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(PROMPT_MAX_LENGTH, `The prompt must be at most ${PROMPT_MAX_LENGTH} characters`);

const VARIATIONS_MESSAGE = `variations must be a whole number from 1 to ${MAX_VARIATIONS}`;
const SEED_MESSAGE = `seed must be a whole number from 0 to ${MAX_SEED}`;

/**
 * POST /api/fal/process. `processingMethod` is ours: the spec's radio choice, realtime by default;
 * so are `shadow` and `aspect` (the output's proportions, see outputSize).
 */
export const ZProcessRequest = z.object({
  prompt: prompt(GENERATION_MESSAGES.promptRequired),
  imageUrl,
  options: ZGenerationOptions,
  savedRecordId: recordId,
  userUid,
  processingMethod: z
    .enum(PROCESSING_METHODS, { error: "processingMethod must be realtime or queue" })
    .default(DEFAULT_PROCESSING_METHOD),
  shadow: z
    .enum(SHADOW_STYLES, { error: "shadow must be natural, soft or none" })
    .default(DEFAULT_SHADOW_STYLE),
  aspect: z
    .enum(ASPECTS, { error: "aspect must be original, 1:1, 4:5, 3:4, 4:3, 9:16 or 16:9" })
    .default(DEFAULT_ASPECT),
  /** Takes of the same settings, each charged as one generation; seeds `seed`, `seed + 1`… */
  variations: z
    .number({ error: VARIATIONS_MESSAGE })
    .int(VARIATIONS_MESSAGE)
    .min(1, VARIATIONS_MESSAGE)
    .max(MAX_VARIATIONS, VARIATIONS_MESSAGE)
    .default(1),
  /**
   * Let a generative model relight the product (fal): its original pixels are then not put
   * back over the picture. Off by default: the product is kept as photographed.
   */
  relightProduct: z.boolean({ error: "relightProduct must be true or false" }).default(false),
  /**
   * Keep every pixel of the product as photographed and light only the scene around it. When
   * absent the server decides: on for a white or marketplace request, off for other scenes. On
   * fal the pasted-back product is always exact: only relightProduct makes it otherwise.
   */
  exactProduct: z.boolean({ error: "exactProduct must be true or false" }).optional(),
  /** The same photo, prompt, settings and seed give the same image; random when absent. */
  seed: z
    .number({ error: SEED_MESSAGE })
    .int(SEED_MESSAGE)
    .min(0, SEED_MESSAGE)
    .max(MAX_SEED, SEED_MESSAGE)
    .optional(),
});
export type TProcessRequest = z.input<typeof ZProcessRequest>;

const INDEX_MESSAGE = "index must be the number of one of the image's variations, from 0";

/** POST /api/fal/images/:recordId/choose: which take Download, Upscale and Edit act on. */
export const ZChooseRequest = z.object({
  index: z.number({ error: INDEX_MESSAGE }).int(INDEX_MESSAGE).min(0, INDEX_MESSAGE),
});
export type TChooseRequest = z.input<typeof ZChooseRequest>;

export const ZUpscaleRequest = z.object({
  imageUrl,
  options: ZUpscaleOptions,
  savedRecordId: recordId,
  userUid,
});
export type TUpscaleRequest = z.input<typeof ZUpscaleRequest>;

export const ZEditRequest = z.object({
  imageUrl,
  prompt: prompt(GENERATION_MESSAGES.editPromptRequired),
  imageRecordId: recordId,
  userUid,
});
export type TEditRequest = z.input<typeof ZEditRequest>;

export const ZUploadResponse = z.object({
  url: z.string(),
  savedBaseImage: z.object({ _id: z.string() }),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** process and upscale answer the job they queued; its id is the request_id. */
export const ZJobAccepted = z.object({
  request_id: z.string(),
  status: z.enum(JOB_STATUSES),
  message: z.string(),
});
export type TJobAccepted = z.infer<typeof ZJobAccepted>;

const imageRef = z.object({ url: z.string() });

/**
 * An image the studio shows, with its display copy: a WebP sized for the screen (1600 px at
 * most) to show in its place, while downloads take `url`; and the image's own size, which the
 * copy may not have. Absent from answers of servers that made none: the image itself is shown.
 */
const shownRef = imageRef.extend({
  displayUrl: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});

/** A result image with how faithful its product is to the photo's (null when not measured). */
const resultRef = shownRef.extend({ fidelity: ZFidelity.nullable() });

export const ZEditResponse = z.object({ image: resultRef });
export type TEditResponse = z.infer<typeof ZEditResponse>;

/**
 * What a record's latest generation was made with, besides its prompt: the studio's "Open in
 * studio" fills its form with them. Takes are how many were asked for.
 */
export const ZRecordSettings = z.object({
  method: z.enum(PROCESSING_METHODS),
  shadow: z.enum(SHADOW_STYLES),
  aspect: z.enum(ASPECTS),
  takes: z.number().int().min(1).max(MAX_VARIATIONS),
  relightProduct: z.boolean(),
  /** Whether the product was kept exact; null for a generation made before the choice existed. */
  exactProduct: z.boolean().nullable(),
});
export type TRecordSettings = z.infer<typeof ZRecordSettings>;

export const ZImageRecord = z.object({
  _id: z.string(),
  originalImage: shownRef,
  processedImage: resultRef.nullable(),
  upscaledImage: resultRef.nullable(),
  /** Each AI edit with the instruction that made it (null when it is not known). */
  aiGeneratedImages: z.array(resultRef.extend({ instruction: z.string().nullable() })),
  /**
   * The subject cut out of the upload on a transparent background (PNG at the upload's size),
   * made once in the background after the upload; null until it is ready, or when it could not
   * be made (the engine has none, no subject found). Free to download.
   */
  cutoutImage: imageRef.nullable(),
  /**
   * The takes of the latest generation, in order, each with its seed; `processedImage` is the
   * chosen one (the first until another is chosen). Empty before a generation completes.
   */
  variations: z.array(resultRef.extend({ seed: z.number().int() })),
  /** The chosen result's fidelity (processedImage's): how much of its product is the photo's. */
  fidelity: ZFidelity.nullable(),
  status: z.enum(RECORD_STATUSES),
  stage: z.string().nullable(),
  progress: z.number().min(0).max(1).nullable(),
  error: z.string().nullable(),
  prompt: z.string().nullable(),
  /**
   * The latest generation's choices; null before one was made. Only the read of one record
   * (GET /api/fal/images/:recordId) has them: the gallery's list leaves them out.
   */
  settings: ZRecordSettings.nullable().optional(),
  /**
   * The photo's own file name as it was uploaded (folders and control characters left off, at
   * most 120 characters); downloads are named after it. Null when not known.
   */
  sourceName: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TImageRecord = z.infer<typeof ZImageRecord>;

/** POST /api/images/archive: the chosen results of these records (the user's own), as a ZIP. */
export const ZArchiveRequest = z.object({
  ids: z
    .array(z.string({ error: GALLERY_MESSAGES.archiveIds }).min(1, GALLERY_MESSAGES.archiveIds), {
      error: GALLERY_MESSAGES.archiveIds,
    })
    .min(1, GALLERY_MESSAGES.archiveIds)
    .max(ARCHIVE_LIMIT, GALLERY_MESSAGES.archiveIds),
});
export type TArchiveRequest = z.input<typeof ZArchiveRequest>;

/** DELETE /api/images/:recordId: the record, its files and their thumbnails are gone. */
export const ZDeleteImageResponse = z.object({ ok: z.literal(true) });
export type TDeleteImageResponse = z.infer<typeof ZDeleteImageResponse>;

const previewSide = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and 8192`)
    .max(8192, `${name} must be between 1 and 8192`)
    .optional();

/**
 * POST /api/fal/scene-preview: what the engine will draw for a prompt, before any charge.
 * `width` and `height` are the photo's, so the preview has its proportions.
 */
export const ZScenePreviewRequest = z.object({
  prompt: prompt(GENERATION_MESSAGES.promptRequired),
  width: previewSide("width"),
  height: previewSide("height"),
  /**
   * The signed-in seller's upload, once its subject is cut out: the preview then says when
   * that subject fills the photo. Ignored for visitors and for anyone else's record.
   */
  recordId: recordId.optional(),
});
export type TScenePreviewRequest = z.input<typeof ZScenePreviewRequest>;

/**
 * The words drawn, the words left out, a small WebP data URL of the scene (or null), the
 * library scene it is drawn from, a note about the seller's photo when there is one to make
 * (its subject fills the frame), and `marketplace` when the prompt asks for a marketplace's
 * plain white: a picture left at the photo's own size is then made square (marketplaceSquare),
 * and the studio's "Exact product" switch starts on (absent: a scene, the switch starts off).
 */
export const ZScenePreviewResponse = z.object({
  understood: z.array(z.string()),
  ignored: z.array(z.string()),
  preview: z.string().startsWith("data:image/webp;base64,").nullable(),
  note: z.string().optional(),
  /** The photographed scene of the engine's library the prompt will be drawn in, by name. */
  scene: z.string().max(80).optional(),
  marketplace: z.boolean().optional(),
});
export type TScenePreviewResponse = z.infer<typeof ZScenePreviewResponse>;
