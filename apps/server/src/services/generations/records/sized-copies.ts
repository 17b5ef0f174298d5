import PQueue from "p-queue";
import sharp from "sharp";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import type { StoredKeys } from "./stored-keys.ts";

/**
 * The smaller WebP copies of a stored image, never enlarged: the gallery's thumbnail, and the
 * display copy the studio shows in place of a full-quality PNG (downloads stay the original).
 * Quality 90 keeps the display copy free of visible artefacts at screen size; effort 0 makes
 * a 1 MP one in about 35 ms on a busy core (effort 2: 60 ms, for 7% fewer bytes), which the
 * job's end waits for.
 */
export const SIZED_COPIES = Object.freeze({
  thumb: { folder: "thumbs", maxSide: 480, quality: 80, effort: 4 },
  display: { folder: "display", maxSide: 1600, quality: 90, effort: 0 },
});

export type CopySize = keyof typeof SIZED_COPIES;

export function isCopySize(size: string): size is CopySize {
  return Object.hasOwn(SIZED_COPIES, size);
}

/** Beside the original's key under the size's folder, named by its bound, so a new bound never collides. */
export function sizedCopyKeyFor(size: CopySize, storageKey: string): string {
  const { folder, maxSide } = SIZED_COPIES[size];
  return `${folder}/${storageKey.replace(/\.[a-z0-9]+$/i, "")}-${maxSide}.webp`;
}

export const thumbnailKeyFor = (storageKey: string) => sizedCopyKeyFor("thumb", storageKey);
export const displayCopyKeyFor = (storageKey: string) => sizedCopyKeyFor("display", storageKey);

/** The copy's WebP of an image's bytes (already upright when stored), saying what they say of how they were made. */
export function makeSizedCopy(size: CopySize, bytes: Buffer): Promise<Buffer> {
  const { maxSide, quality, effort } = SIZED_COPIES[size];
  return sharp(bytes)
    .keepXmp()
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .webp({ quality, effort })
    .toBuffer();
}

/** Builds at a time; the rest wait, so a first visit to a full gallery cannot starve jobs. */
const CONCURRENT_BUILDS = 2;

export type SizedCopies = ReturnType<typeof createSizedCopies>;

type CopyOf = Pick<StoredFile, "id" | "userId" | "storageKey">;

/**
 * Copies kept in storage, made on first request when their image was saved without one (a
 * result's display copy is made as it is saved: job-results.ts), one build per copy at a time.
 * A copy written as its file's record was being deleted is removed again (`stillStored` says
 * whether the file's row is there), through `storedKeys` so a failed removal is retried.
 */
export function createSizedCopies(deps: {
  storage: FileStorage;
  storedKeys: Pick<StoredKeys, "discard">;
  stillStored(fileId: string): Promise<boolean>;
}) {
  const { storage } = deps;
  const building = new Map<string, Promise<Buffer | null>>();
  const builds = new PQueue({ concurrency: CONCURRENT_BUILDS });

  async function build(size: CopySize, file: CopyOf, key: string) {
    const original = await storage.get(file.storageKey);
    if (!original) return null;
    const copy = await builds.add(() => makeSizedCopy(size, original), { throwOnTimeout: true });
    await storage.put(key, copy);
    // Read after the write: a delete that committed before this read finds no copy to remove,
    // so it is removed here; one that commits after it removes the copy itself.
    if (!(await deps.stillStored(file.id))) {
      const reason = size === "thumb" ? "thumbnail" : "display copy";
      await deps.storedKeys.discard([key], { userId: file.userId, reason });
      return null;
    }
    return copy;
  }

  return {
    /** The copy's bytes, or null when the original's bytes (or its row) are gone. */
    async of(size: CopySize, file: CopyOf): Promise<Buffer | null> {
      const key = sizedCopyKeyFor(size, file.storageKey);
      const cached = await storage.get(key);
      if (cached) return cached;
      let pending = building.get(key);
      if (!pending) {
        pending = build(size, file, key).finally(() => building.delete(key));
        building.set(key, pending);
      }
      return pending;
    },
  };
}
