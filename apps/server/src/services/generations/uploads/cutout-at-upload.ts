import { randomUUID } from "node:crypto";
import type { ImageEngine } from "../../../engines/image-engine.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { NewImageJob } from "../../../repositories/image-jobs.repository.ts";
import type {
  ImageRecordStatements,
  StoredFile,
} from "../../../repositories/image-records.repository.ts";
import { storageKeyFor } from "../records/file-urls.ts";
import type { UploadCutouts } from "./upload-cutouts.ts";

/**
 * What a new upload gets for its cut-out, written in the upload's transaction: the cut-out of
 * the same photo uploaded before (a file row, its bytes already copied), or a free background
 * job that makes it; nothing when the engine makes no cut-outs.
 */
export type UploadCutoutPlan = {
  file: StoredFile | null;
  job: NewImageJob | null;
  /** Removes copied bytes when the upload's transaction fails. */
  undo(): Promise<void>;
};

/** Plans the cut-out of an upload (see UploadCutoutPlan). A copy that fails falls back to a job. */
export async function planUploadCutout(
  deps: {
    engine: Pick<ImageEngine, "cutOut">;
    records: Pick<ImageRecordStatements, "findCutoutOfUpload">;
    cutouts: UploadCutouts;
    logger: Logger;
  },
  upload: StoredFile,
): Promise<UploadCutoutPlan> {
  const none = { file: null, job: null, undo: async () => {} };
  if (!deps.engine.cutOut || !upload.contentHash) return none;
  const earlier = await deps.records.findCutoutOfUpload(upload.userId, upload.contentHash);
  if (earlier) {
    const file: StoredFile = { ...earlier, id: randomUUID(), recordId: upload.recordId };
    file.storageKey = storageKeyFor(file);
    file.createdAt = upload.createdAt;
    const copied = await deps.cutouts.copy(earlier, file).catch((error: unknown) => {
      deps.logger.warn("Earlier cut-out not copied; a new one will be made", { error });
      return false;
    });
    if (copied) return { file, job: null, undo: () => deps.cutouts.delete(file) };
  }
  const id = randomUUID();
  const job: NewImageJob = {
    id,
    recordId: upload.recordId,
    userId: upload.userId,
    kind: "cutout",
    sourceFileId: upload.id,
    input: {},
    cost: 0,
    debitKey: `job:${id}`,
    refundOnFailure: false,
    createdAt: upload.createdAt,
  };
  return { ...none, job };
}
