import { createStore, del, type UseStore } from "idb-keyval";

/**
 * Where the studio keeps its draft (IndexedDB). Here, below the features, because logging out
 * (auth) clears it while the studio (generate) writes and reads it.
 */
export const STUDIO_DRAFT_KEY = "studio";

let store: UseStore | undefined;

export function studioDraftStore(): UseStore {
  store ??= createStore("backdrop", "drafts");
  return store;
}

/** Forgets the studio's draft. Never rejects: without IndexedDB there is nothing to forget. */
export async function clearStudioDraft(): Promise<void> {
  try {
    await del(STUDIO_DRAFT_KEY, studioDraftStore());
  } catch {
    // Private windows may have no IndexedDB: nothing was kept.
  }
}
