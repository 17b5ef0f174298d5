import {
  GALLERY_MESSAGES,
  GENERATION_MESSAGES as M,
  type TDeleteImageResponse,
} from "@backdrop/shared";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import { GenerationError } from "./generation-access.ts";
import { keptKeysFor } from "./kept-scenes.ts";
import { displayCopyKeyFor, thumbnailKeyFor } from "./sized-copies.ts";
import type { StoredKeys } from "./stored-keys.ts";

/**
 * Every storage key a file leaves: its bytes, its gallery thumbnail and display copy, its kept
 * scene and, for an upload's cut-out, its matte.
 */
export function storageKeysOf(file: Pick<StoredFile, "storageKey">): string[] {
  const kept = keptKeysFor(file);
  return [
    file.storageKey,
    thumbnailKeyFor(file.storageKey),
    displayCopyKeyFor(file.storageKey),
    kept.state,
    kept.cutout,
    kept.matte,
  ];
}

export type RecordRemoval = ReturnType<typeof createRecordRemoval>;

/**
 * Deleting a record from the gallery (see "Deleting an image" in docs/decisions.md): refused
 * while one of its jobs is queued or running; otherwise its rows go in one transaction that
 * also lists every storage key of its files (bytes, thumbnails, kept scenes) for removal, and
 * the keys are removed after it. A key storage cannot remove now stays listed, and the sweep
 * removes it later. The quota counts the rows, so the room is free at once.
 */
export function createRecordRemoval(deps: {
  repository: GenerationsRepository;
  storedKeys: StoredKeys;
}) {
  const { repository, storedKeys } = deps;

  return {
    async remove(user: { id: string }, recordId: string): Promise<TDeleteImageResponse> {
      const keys = await repository.transaction(async (tx) => {
        // The user's balances first, as accepting a job locks them: a job accepted for this
        // record at the same moment either commits before this looks (and it refuses) or finds
        // the record gone and rolls back its debit with it.
        await tx.ledger.lockBalances(user.id);
        const record = await tx.records.findRecord(recordId);
        if (!record || record.userId !== user.id) throw new GenerationError(404, M.recordNotFound);
        if (await tx.jobs.hasActiveJob(recordId)) {
          throw new GenerationError(409, GALLERY_MESSAGES.deleteWhileProcessing);
        }
        // The jobs before reading the files: an upload's cut-out finishing at this moment holds
        // its job's row until its file is written, so that file is read below; one finishing
        // later finds its job gone and keeps nothing. The record's row then holds off anything
        // else adding a file to it until this commits.
        await tx.jobs.deleteOfRecord(recordId);
        await tx.records.lockRecord(recordId);
        const found = await tx.records.filesOfRecord(recordId);
        const listed = found.flatMap(storageKeysOf);
        await storedKeys.record(tx, listed, { userId: user.id, reason: "record" });
        await tx.records.deleteRecord(recordId);
        return listed;
      });
      await storedKeys.remove(keys);
      return { ok: true };
    },
  };
}
