import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import type { Clock } from "../../../lib/clock.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import { type FileUrls, newStoredFile } from "../records/file-urls.ts";
import { GenerationError, type SignedInUser } from "../records/generation-access.ts";
import { storageKeysOf } from "../records/record-removal.ts";
import type { StoredKeys } from "../records/stored-keys.ts";
import { cutoutWithMask, maskOfCutout, maskToPng, readSentMask } from "./mask-pixels.ts";
import { createUploadCutouts } from "./upload-cutouts.ts";

/**
 * The upload's mask (issue 30, point 4): its cut-out's alpha, read as a greyscale PNG and
 * replaced by one the user refined. The new cut-out is the photo's own pixels under the new
 * mask, stored as a new file of the record in the old one's place, with the mask as its
 * matte: every later job reads the upload's cut-out, so all of them use it. Free; a refusal
 * changes nothing.
 */
export function createUploadMask(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  urls: FileUrls;
  storedKeys: StoredKeys;
  clock: Clock;
}) {
  const { repository, storage, storedKeys } = deps;
  const cutouts = createUploadCutouts({ repository, storage });

  /** The user's upload and its cut-out file; 404 for anyone else's, 409 while it has none. */
  async function ownCutout(user: SignedInUser, recordId: string) {
    const record = await repository.records.findRecord(recordId);
    if (!record || record.userId !== user.id) throw new GenerationError(404, M.recordNotFound);
    const files = await repository.records.filesOfRecord(recordId);
    const original = files.find((file) => file.id === record.originalFileId);
    if (!original) throw new GenerationError(404, M.recordNotFound);
    const cutout = files.find((file) => file.kind === "cutout");
    if (!cutout) {
      const making = await repository.jobs.unfinishedCutout(recordId);
      throw new GenerationError(409, making ? M.maskNotReady : M.noCutout);
    }
    return { original, cutout };
  }

  async function bytesOf(file: StoredFile): Promise<Buffer> {
    const bytes = await storage.get(file.storageKey);
    if (!bytes) throw new Error(`Stored file ${file.id} is missing its bytes`);
    return bytes;
  }

  return {
    /** The current mask: the cut-out's alpha as a greyscale PNG at the upload's size. */
    async read(user: SignedInUser, recordId: string): Promise<Buffer> {
      const { cutout } = await ownCutout(user, recordId);
      return maskToPng(await maskOfCutout(await bytesOf(cutout)));
    },

    /** Replaces the mask with `sent` (see readSentMask); answers the new cut-out's URL. */
    async replace(
      user: SignedInUser,
      recordId: string,
      sent: Buffer,
    ): Promise<{ cutoutImage: { url: string } }> {
      const { original, cutout } = await ownCutout(user, recordId);
      const mask = await readSentMask(sent, original);
      const bytes = await cutoutWithMask(await bytesOf(original), mask);
      const image = { bytes, contentType: "image/png", width: mask.width, height: mask.height };
      const file = newStoredFile(original, "cutout", image, deps.clock.now());
      await cutouts.save(file, { ...image, matte: await maskToPng(mask) });
      const replaced = await repository
        .transaction(async (tx) => {
          // The record's row holds off its deletion, and another change of its cut-out, till
          // this commits; the cut-out read above must still be the record's.
          if (!(await tx.records.lockRecord(recordId))) {
            throw new GenerationError(404, M.recordNotFound);
          }
          const current = (await tx.records.filesOfRecord(recordId)).find(
            (other) => other.kind === "cutout",
          );
          if (current?.id !== cutout.id) return false;
          await tx.records.deleteFile(cutout.id);
          await tx.records.insertFile(file);
          await storedKeys.record(tx, storageKeysOf(cutout), { userId: user.id, reason: "mask" });
          return true;
        })
        .catch(async (error: unknown) => {
          await cutouts.delete(file);
          throw error;
        });
      if (!replaced) {
        await cutouts.delete(file);
        throw new GenerationError(409, M.maskChangeFailed);
      }
      await storedKeys.remove(storageKeysOf(cutout));
      return { cutoutImage: { url: deps.urls.urlOf(file) } };
    },
  };
}

export type UploadMask = ReturnType<typeof createUploadMask>;
