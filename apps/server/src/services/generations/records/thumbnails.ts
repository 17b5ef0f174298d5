import PQueue from "p-queue";
import sharp from "sharp";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import type { StoredKeys } from "./stored-keys.ts";

/** The gallery's thumbnails: WebP, the longest side at most 480 px, never enlarged. */
export const THUMBNAIL = Object.freeze({ maxSide: 480, quality: 80 });

/** Builds at a time; the rest wait, so a first visit to a full gallery cannot starve jobs. */
const CONCURRENT_BUILDS = 2;

/** Beside the original's key under `thumbs/`, named by the size, so a new size never collides. */
export function thumbnailKeyFor(storageKey: string): string {
  return `thumbs/${storageKey.replace(/\.[a-z0-9]+$/i, "")}-${THUMBNAIL.maxSide}.webp`;
}

/** A small WebP of an image's bytes (already upright and without metadata when stored). */
export function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes)
    .resize({
      width: THUMBNAIL.maxSide,
      height: THUMBNAIL.maxSide,
      fit: "inside",
      withoutEnlargement: true,
    })
    .webp({ quality: THUMBNAIL.quality })
    .toBuffer();
}

export type Thumbnails = ReturnType<typeof createThumbnails>;

type ThumbnailOf = Pick<StoredFile, "id" | "userId" | "storageKey">;

/**
 * Thumbnails made on first request and kept in storage; one build per file at a time. A
 * thumbnail written as its file's record was being deleted is removed again (`stillStored`
 * says whether the file's row is there), through `storedKeys` so a failed removal is retried.
 */
export function createThumbnails(deps: {
  storage: FileStorage;
  storedKeys: Pick<StoredKeys, "discard">;
  stillStored(fileId: string): Promise<boolean>;
}) {
  const { storage } = deps;
  const building = new Map<string, Promise<Buffer | null>>();
  const builds = new PQueue({ concurrency: CONCURRENT_BUILDS });

  async function build(file: ThumbnailOf, key: string) {
    const original = await storage.get(file.storageKey);
    if (!original) return null;
    const thumbnail = await builds.add(() => makeThumbnail(original), { throwOnTimeout: true });
    await storage.put(key, thumbnail);
    // Read after the write: a delete that committed before this read finds no thumbnail to
    // remove, so it is removed here; one that commits after it removes the thumbnail itself.
    if (!(await deps.stillStored(file.id))) {
      await deps.storedKeys.discard([key], { userId: file.userId, reason: "thumbnail" });
      return null;
    }
    return thumbnail;
  }

  return {
    /** The thumbnail's bytes, or null when the original's bytes (or its row) are gone. */
    async of(file: ThumbnailOf): Promise<Buffer | null> {
      const key = thumbnailKeyFor(file.storageKey);
      const cached = await storage.get(key);
      if (cached) return cached;
      let pending = building.get(key);
      if (!pending) {
        pending = build(file, key).finally(() => building.delete(key));
        building.set(key, pending);
      }
      return pending;
    },
  };
}
