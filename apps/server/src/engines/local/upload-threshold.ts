import { GENERATION_DEFAULTS, type GenerationOptions } from "@backdrop/shared";

/**
 * The threshold the upload's cut-out is made with: the studio's own, so the jobs it sends take
 * the cut-out as it is. Light on purpose: the server's thread asks it before any charge.
 */
export const UPLOAD_THRESHOLD = GENERATION_DEFAULTS.background_threshold;

/**
 * Whether a job at `threshold` cuts its subject out as the upload's cut-out was: then a photo
 * whose upload found no subject has none for it either.
 */
export function atUploadThreshold(threshold: number): boolean {
  return threshold === UPLOAD_THRESHOLD;
}

/** The local engine cannot place a subject it cannot find (ImageEngine.needsSubject). */
export function needsSubject(options: GenerationOptions): boolean {
  return atUploadThreshold(options.background_threshold);
}
