/**
 * Category 2: bad uploads answer a clean 4xx with the spec's message and store nothing; odd but
 * valid photos are stored upright, stripped and in an accepted format; the per-user upload rate
 * limit answers 429 with Retry-After and the storage quota 413.
 */
export { badUploads } from "./bad-uploads.ts";
export { uploadLimits } from "./limits.ts";
