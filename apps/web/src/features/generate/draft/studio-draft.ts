import type { Aspect, ShadowStyle } from "@backdrop/shared";
import { get, set } from "idb-keyval";
import {
  clearStudioDraft,
  STUDIO_DRAFT_KEY,
  studioDraftStore,
} from "../../../lib/studio-draft-store.ts";
import type { ProcessingMethod } from "../settings/processing-method.ts";
import type { StoredDraft } from "./stored-draft-schema.ts";

/** A photo's upload: the record the server made of it, and the stored file's URL. */
export type KeptUpload = { recordId: string; url: string };

/**
 * The draft's photo: its bytes (`file`) until the server has it, then its upload. Read back,
 * it has one or both.
 */
export type DraftPhoto = {
  name: string;
  type: string;
  file: File | null;
  upload: KeptUpload | null;
};

/** What the studio's form holds, kept as the seller works. */
export type StudioDraft = {
  /** The signed-in user whose draft it is; null for a visitor's, which their login takes over. */
  owner: string | null;
  photo: DraftPhoto | null;
  prompt: string;
  method: ProcessingMethod;
  shadow: ShadowStyle;
  aspect: Aspect;
  takes: number;
  relightProduct: boolean;
  /** The seller's "Exact product" choice; null while it follows the prompt. */
  exactProduct: boolean | null;
};

/** A draft older than this is from another visit: it is thrown away, not restored. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The latest write, which a read or a clear waits for: the last word is the latest call's. */
let writing: Promise<void> = Promise.resolve();

function queue(write: () => Promise<void>): Promise<void> {
  writing = writing.then(write).catch(() => {});
  return writing;
}

/**
 * Keeps the draft in IndexedDB, replacing any earlier one. Never rejects: where IndexedDB is
 * missing or refuses (private browsing), the draft is simply not kept.
 */
export function saveDraft(draft: StudioDraft): Promise<void> {
  return queue(() => writeDraft(draft));
}

/** Ends the draft (Start over, Log Out). Never rejects. */
export function clearDraft(): Promise<void> {
  return queue(clearStudioDraft);
}

/**
 * The kept draft, which stays kept. Null when there is none, when it is older than a day or
 * unreadable (then it is deleted), or when IndexedDB fails.
 */
export async function readDraft(): Promise<StudioDraft | null> {
  try {
    await writing;
    const draft = await draftOf(await get<unknown>(STUDIO_DRAFT_KEY, studioDraftStore()));
    if (!draft) await clearDraft();
    return draft;
  } catch {
    return null;
  }
}

async function writeDraft({ photo, ...choices }: StudioDraft) {
  // Once uploaded, the photo is kept by its upload alone: its bytes are the server's now.
  const bytes = photo?.file && !photo.upload ? await photo.file.arrayBuffer() : null;
  const stored: StoredDraft = {
    ...choices,
    photo: photo && { name: photo.name, type: photo.type, bytes, upload: photo.upload },
    savedAt: Date.now(),
  };
  await set(STUDIO_DRAFT_KEY, stored, studioDraftStore());
}

async function draftOf(stored: unknown): Promise<StudioDraft | null> {
  if (stored === undefined) return null;
  const { ZStoredDraft } = await import("./stored-draft-schema.ts");
  const parsed = ZStoredDraft.safeParse(stored);
  if (!parsed.success) return null;
  const { photo, savedAt, ...choices } = parsed.data;
  if (Date.now() - savedAt > DRAFT_MAX_AGE_MS) return null;
  const file = photo?.bytes ? new File([photo.bytes], photo.name, { type: photo.type }) : null;
  const kept =
    photo && (file || photo.upload)
      ? { name: photo.name, type: photo.type, file, upload: photo.upload }
      : null;
  return { ...choices, photo: kept };
}
