// The generation's limits, choices and defaults. Kept apart from its schemas
// (generation.schema.ts) so that the web app's first download can use them without zod.

/** SPEC point 9: what an upload may be. */
export const IMAGE_LIMITS = Object.freeze({
  /** Uploads must be smaller than this many bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  maxWidth: 2048,
  maxHeight: 2048,
  /** What the picker's note lists, in its order. */
  formats: ["JPG", "PNG", "WebP", "GIF", "AVIF"] as const,
  mimeTypes: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const,
});

export const PROCESSING_METHODS = ["realtime", "queue"] as const;
export type ProcessingMethod = (typeof PROCESSING_METHODS)[number];
export const DEFAULT_PROCESSING_METHOD: ProcessingMethod = "realtime";

/** SPEC point 9's model options, as the web app sends them. */
export const GENERATION_DEFAULTS = Object.freeze({
  background_threshold: 0.67,
  num_inference_steps: 28,
  guidance_scale: 7,
  lowres_denoise: 0.98,
  enable_hr_fix: true,
});

export const UPSCALE_DEFAULTS = Object.freeze({
  upscale_factor: 2,
  creativity: 0.35,
  resemblance: 0.6,
});

export const PROMPT_MAX_LENGTH = 1000;

/**
 * The subject's shadow: `natural` cast and contact shadows that follow the scene's light,
 * `soft` a contact shadow only, `none` no shadow.
 */
export const SHADOW_STYLES = ["natural", "soft", "none"] as const;
export type ShadowStyle = (typeof SHADOW_STYLES)[number];
export const DEFAULT_SHADOW_STYLE: ShadowStyle = "natural";

/** At most this many takes of one generation (issue 14, point 2). */
export const MAX_VARIATIONS = 4;
/** Seeds are 31-bit, as every engine takes them. */
export const MAX_SEED = 2 ** 31 - 1;

export const JOB_STATUSES = ["queued", "processing", "completed", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * SPEC point 3's image record. `status` is "uploaded" until a first job is queued, then the
 * status of the latest job; `stage` says what that job is doing and `progress` how much of that
 * stage is done (0..1), when the engine can tell. The rest is ours.
 */
export const RECORD_STATUSES = ["uploaded", ...JOB_STATUSES] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** At most this many records in one ZIP download. */
export const ARCHIVE_LIMIT = 50;
