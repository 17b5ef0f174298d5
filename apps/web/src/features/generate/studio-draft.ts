import {
  ASPECTS,
  type Aspect,
  DEFAULT_ASPECT,
  DEFAULT_SHADOW_STYLE,
  MAX_VARIATIONS,
  PROCESSING_METHODS,
  SHADOW_STYLES,
  type ShadowStyle,
} from "@backdrop/shared";
import { createStore, promisifyRequest, set, type UseStore } from "idb-keyval";
import { z } from "zod";
import type { ProcessingMethod } from "./processing-method.ts";
import { DEFAULT_TAKES } from "./takes.ts";

/** What the studio's form held when a visitor was asked to log in. */
export type StudioDraft = {
  photo: File | null;
  prompt: string;
  method: ProcessingMethod;
  shadow: ShadowStyle;
  aspect: Aspect;
  takes: number;
  /** Absent in drafts saved before the choice existed: off. */
  relightProduct?: boolean;
};

/** A draft older than this is from another visit: it is thrown away, not restored. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const DRAFT_KEY = "studio";

// Not `instanceof`: what IndexedDB gives back may come from another realm's ArrayBuffer.
const ZBytes = z.custom<ArrayBuffer>(
  (value) => Object.prototype.toString.call(value) === "[object ArrayBuffer]",
);

// The photo is kept as its bytes: not every browser can store a File or Blob in IndexedDB.
const ZStoredDraft = z.object({
  photo: z.object({ bytes: ZBytes, name: z.string(), type: z.string() }).nullable(),
  prompt: z.string(),
  method: z.enum(PROCESSING_METHODS),
  // Drafts kept before these choices existed have none: they read as the defaults.
  shadow: z.enum(SHADOW_STYLES).catch(DEFAULT_SHADOW_STYLE),
  aspect: z.enum(ASPECTS).catch(DEFAULT_ASPECT),
  takes: z.number().int().min(1).max(MAX_VARIATIONS).catch(DEFAULT_TAKES),
  savedAt: z.number(),
});
type StoredDraft = z.infer<typeof ZStoredDraft>;

let store: UseStore | undefined;
const draftStore = () => {
  store ??= createStore("backdrop", "drafts");
  return store;
};

/** The latest save, which a take waits for: it may have begun just before a navigation. */
let saving: Promise<void> = Promise.resolve();

/**
 * Keeps the draft in IndexedDB, replacing any earlier one. Never rejects: where IndexedDB is
 * missing or refuses (private browsing), the draft is simply not kept.
 */
export function saveDraft(draft: StudioDraft): Promise<void> {
  saving = saving.then(() => writeDraft(draft)).catch(() => {});
  return saving;
}

/**
 * Reads the draft and deletes it, in one step so that it is restored once. Null when there is
 * none, when it is older than a day or unreadable, or when IndexedDB fails.
 */
export async function takeDraft(): Promise<StudioDraft | null> {
  try {
    await saving;
    const stored = await draftStore()("readwrite", (objects) => {
      const read = objects.get(DRAFT_KEY);
      objects.delete(DRAFT_KEY);
      return promisifyRequest(objects.transaction).then(() => read.result as unknown);
    });
    return draftOf(stored);
  } catch {
    return null;
  }
}

async function writeDraft({ photo, ...choices }: StudioDraft) {
  const stored: StoredDraft = {
    photo: photo && { bytes: await photo.arrayBuffer(), name: photo.name, type: photo.type },
    ...choices,
    savedAt: Date.now(),
  };
  await set(DRAFT_KEY, stored, draftStore());
}

function draftOf(stored: unknown): StudioDraft | null {
  const parsed = ZStoredDraft.safeParse(stored);
  if (!parsed.success) return null;
  const { photo, savedAt, ...choices } = parsed.data;
  if (Date.now() - savedAt > DRAFT_MAX_AGE_MS) return null;
  return { photo: photo && new File([photo.bytes], photo.name, { type: photo.type }), ...choices };
}
