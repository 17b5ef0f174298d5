// How a kept draft is checked when read back. Loaded on demand by studio-draft.ts, never
// statically: zod stays out of the first download.
import {
  ASPECTS,
  DEFAULT_ASPECT,
  DEFAULT_SHADOW_STYLE,
  MAX_VARIATIONS,
  PROCESSING_METHODS,
  SHADOW_STYLES,
} from "@backdrop/shared";
import { z } from "zod";
import { DEFAULT_TAKES } from "../settings/takes.ts";

// Not `instanceof`: what IndexedDB gives back may come from another realm's ArrayBuffer.
const ZBytes = z.custom<ArrayBuffer>(
  (value) => Object.prototype.toString.call(value) === "[object ArrayBuffer]",
);

/**
 * The photo is kept as its bytes until the server has it, then as its upload's record: not
 * every browser can store a File or Blob in IndexedDB.
 */
const ZStoredPhoto = z.object({
  name: z.string(),
  type: z.string(),
  bytes: ZBytes.nullable().catch(null),
  upload: z.object({ recordId: z.string(), url: z.string() }).nullable().catch(null),
});

export const ZStoredDraft = z.object({
  // Drafts kept before drafts had owners were a visitor's, taken at their login.
  owner: z.string().nullable().catch(null),
  photo: ZStoredPhoto.nullable(),
  prompt: z.string(),
  method: z.enum(PROCESSING_METHODS),
  // Drafts kept before these choices existed have none: they read as the defaults.
  shadow: z.enum(SHADOW_STYLES).catch(DEFAULT_SHADOW_STYLE),
  aspect: z.enum(ASPECTS).catch(DEFAULT_ASPECT),
  takes: z.number().int().min(1).max(MAX_VARIATIONS).catch(DEFAULT_TAKES),
  relightProduct: z.boolean().catch(false),
  // Null: the "Exact product" switch follows the prompt, as it does until the seller chooses.
  exactProduct: z.boolean().nullable().catch(null),
  savedAt: z.number(),
});
export type StoredDraft = z.infer<typeof ZStoredDraft>;
