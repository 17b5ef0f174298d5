/**
 * How the generation answers are checked. Loaded on demand (`import("./answer-schemas.ts")`,
 * next to the call whose answer it checks), never statically: zod stays out of the first
 * download.
 */
export {
  ZImageRecord,
  ZJobAccepted,
  ZScenePreviewResponse,
  ZUploadResponse,
} from "@backdrop/shared";
