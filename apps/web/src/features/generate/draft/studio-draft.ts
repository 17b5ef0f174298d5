import type { Aspect, ShadowStyle } from "@backdrop/shared";
import { createStore, promisifyRequest, set, type UseStore } from "idb-keyval";
import type { ProcessingMethod } from "../settings/processing-method.ts";
import type { StoredDraft } from "./stored-draft-schema.ts";

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
    return await draftOf(stored);
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

async function draftOf(stored: unknown): Promise<StudioDraft | null> {
  const { ZStoredDraft } = await import("./stored-draft-schema.ts");
  const parsed = ZStoredDraft.safeParse(stored);
  if (!parsed.success) return null;
  const { photo, savedAt, ...choices } = parsed.data;
  if (Date.now() - savedAt > DRAFT_MAX_AGE_MS) return null;
  return { photo: photo && new File([photo.bytes], photo.name, { type: photo.type }), ...choices };
}
