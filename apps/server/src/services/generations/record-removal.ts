import {
  GALLERY_MESSAGES,
  GENERATION_MESSAGES as M,
  type TDeleteImageResponse,
} from "@backdrop/shared";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { StoredFile } from "../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { GenerationError } from "./generation-access.ts";
import { keptKeysFor } from "./kept-scenes.ts";
import { thumbnailKeyFor } from "./thumbnails.ts";

/**
 * Every storage key a file leaves: its bytes, its gallery thumbnail, its kept scene and, for
 * an upload's cut-out, its matte.
 */
export function storageKeysOf(file: Pick<StoredFile, "storageKey">): string[] {
  const kept = keptKeysFor(file);
  return [file.storageKey, thumbnailKeyFor(file.storageKey), kept.state, kept.cutout, kept.matte];
}

export type RecordRemoval = ReturnType<typeof createRecordRemoval>;

/**
 * Deleting a record from the gallery (see "Deleting an image" in docs/decisions.md): refused
 * while one of its jobs is queued or running; otherwise its rows go in one transaction, then
 * the bytes of its files, their thumbnails and kept scenes. The quota counts the rows, so the
 * room is free at once.
 */
export function createRecordRemoval(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  logger: Logger;
}) {
  const { repository, storage, logger } = deps;

  /** Best effort: a key that cannot be removed now is logged, never a failed delete. */
  async function removeBytes(recordId: string, files: StoredFile[]): Promise<void> {
    const keys = files.flatMap(storageKeysOf);
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    results.forEach((result, index) => {
      if (result.status === "rejected") {
        logger.warn("Stored file of a deleted record not removed", {
          recordId,
          key: keys[index],
          error: result.reason,
        });
      }
    });
  }

  return {
    async remove(user: { id: string }, recordId: string): Promise<TDeleteImageResponse> {
      const files = await repository.transaction(async (tx) => {
        // The user's balances first, as accepting a job locks them: a job accepted for this
        // record at the same moment either commits before this looks (and it refuses) or finds
        // the record gone and rolls back its debit with it.
        await tx.ledger.lockBalances(user.id);
        const record = await tx.records.findRecord(recordId);
        if (!record || record.userId !== user.id) throw new GenerationError(404, M.recordNotFound);
        if (await tx.jobs.hasActiveJob(recordId)) {
          throw new GenerationError(409, GALLERY_MESSAGES.deleteWhileProcessing);
        }
        const found = await tx.records.filesOfRecord(recordId);
        await tx.jobs.deleteOfRecord(recordId);
        await tx.records.deleteRecord(recordId);
        return found;
      });
      await removeBytes(recordId, files);
      return { ok: true };
    },
  };
}
