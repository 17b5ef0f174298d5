import type { SubjectCutout } from "../../../engines/image-engine.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import { newStoredFile } from "../records/file-urls.ts";
import { keptKeysFor } from "../records/kept-scenes.ts";

/**
 * The cut-out each upload gets once (issue 14 point 1): its PNG is a file of the record, served
 * to its owner as `cutoutImage`; the engine's matte stays private beside it.
 */
export function createUploadCutouts(deps: {
  repository: Pick<GenerationsRepository, "records" | "transaction">;
  storage: FileStorage;
}) {
  const { repository, storage } = deps;
  const { records } = repository;

  /** Stores the cut-out's bytes under `file` (its row is the caller's), then its matte. */
  async function save(file: Pick<StoredFile, "storageKey">, cutout: SubjectCutout) {
    await storage.put(file.storageKey, cutout.bytes);
    if (cutout.matte) await storage.put(keptKeysFor(file).matte, cutout.matte);
  }

  async function remove(file: Pick<StoredFile, "storageKey">): Promise<void> {
    await storage.delete(file.storageKey);
    await storage.delete(keptKeysFor(file).matte);
  }

  /** The record's cut-out file, once it has one. */
  async function fileOf(recordId: string): Promise<StoredFile | undefined> {
    const files = await records.filesOfRecord(recordId);
    return files.find((file) => file.kind === "cutout");
  }

  return {
    save,
    fileOf,
    delete: remove,

    /**
     * Keeps the cut-out a generation of the upload had to make itself as the upload's own,
     * when the upload has none yet; true when kept.
     */
    async adopt(sourceFileId: string, cutout: SubjectCutout, now: number): Promise<boolean> {
      const source = await records.findFile(sourceFileId);
      if (source?.kind !== "original" || (await fileOf(source.recordId))) return false;
      const file = newStoredFile(source, "cutout", cutout, now);
      await save(file, cutout);
      const kept = await repository
        .transaction(async (tx) => {
          if (!(await tx.records.findRecord(file.recordId))) return false;
          const files = await tx.records.filesOfRecord(file.recordId);
          if (files.some((other) => other.kind === "cutout")) return false;
          await tx.records.insertFile(file);
          return true;
        })
        .catch(async (error: unknown) => {
          await remove(file);
          throw error;
        });
      if (!kept) await remove(file);
      return kept;
    },

    /** Copies an earlier upload's cut-out to a new file of another record of the same photo. */
    async copy(from: StoredFile, to: Pick<StoredFile, "storageKey">): Promise<boolean> {
      const bytes = await storage.get(from.storageKey);
      if (!bytes) return false;
      const matte = await storage.get(keptKeysFor(from).matte);
      await save(to, {
        bytes,
        contentType: from.contentType,
        width: from.width,
        height: from.height,
        ...(matte ? { matte } : {}),
      });
      return true;
    },

    /** The record's upload cut-out, when it is stored; undefined otherwise. */
    async ofRecord(recordId: string): Promise<SubjectCutout | undefined> {
      const file = await fileOf(recordId);
      const bytes = file ? await storage.get(file.storageKey) : null;
      if (!file || !bytes) return undefined;
      const matte = await storage.get(keptKeysFor(file).matte);
      const { contentType, width, height } = file;
      return { bytes, contentType, width, height, ...(matte ? { matte } : {}) };
    },
  };
}

export type UploadCutouts = ReturnType<typeof createUploadCutouts>;

/**
 * The cut-out of a user's own upload, once it is made: what the scene preview reads to say
 * whether the photo's subject fills its frame. Undefined for another user's record.
 */
export function ownUploadCutout(
  repository: Pick<GenerationsRepository, "records" | "transaction">,
  storage: FileStorage,
) {
  const cutouts = createUploadCutouts({ repository, storage });
  return async (recordId: string, userId: string): Promise<SubjectCutout | undefined> => {
    const record = await repository.records.findRecord(recordId);
    return record?.userId === userId ? cutouts.ofRecord(recordId) : undefined;
  };
}
