import { createHash, randomUUID } from "node:crypto";
import type { TUploadResponse } from "@backdrop/shared";
import PQueue from "p-queue";
import type { ImageEngine } from "../../../engines/image-engine.ts";
import type { JobDriver } from "../../../jobs/job-driver.ts";
import type { Clock } from "../../../lib/clock.ts";
import { describeError } from "../../../lib/errors.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import { type FileUrls, newStoredFile } from "../records/file-urls.ts";
import { GenerationError } from "../records/generation-access.ts";
import { displayCopyKeyFor, makeSizedCopy } from "../records/sized-copies.ts";
import { planUploadCutout } from "./cutout-at-upload.ts";
import { IntakeError, takeInImage } from "./image-intake.ts";
import type { UploadAllowance } from "./upload-allowance.ts";
import { createUploadCutouts } from "./upload-cutouts.ts";

/** Uploads decoded and re-encoded at once per process; the rest wait their turn. */
const CONCURRENT_INTAKES = 2;

/**
 * SPEC point 7's upload: the photo checked and stored as a new record, with its cut-out on the
 * way (see "The cut-out made at upload" in docs/decisions.md).
 */
export function createRecordUploads(deps: {
  allowance: UploadAllowance;
  repository: GenerationsRepository;
  storage: FileStorage;
  urls: FileUrls;
  driver: JobDriver;
  engine: ImageEngine;
  clock: Clock;
  logger: Logger;
}) {
  const { repository, storage, urls, driver, engine, clock } = deps;
  const uploadCutouts = createUploadCutouts({ repository, storage });
  // Decoding a large photo holds one of libuv's four threads for a second or two: a burst of
  // uploads must leave the others to file reads, health checks and the rest of the server.
  const intakes = new PQueue({ concurrency: CONCURRENT_INTAKES });

  /** The photo's display copy; without it (a failure here) it is made on its first request. */
  async function keepDisplayCopy(file: StoredFile, image: { bytes: Buffer }) {
    try {
      const copy = await makeSizedCopy("display", image.bytes);
      await storage.put(displayCopyKeyFor(file.storageKey), copy);
    } catch (error) {
      deps.logger.warn("Display copy of the upload not made", { error: describeError(error) });
    }
  }

  /**
   * Checks the storage quota on the bytes sent, then decodes, checks and stores the photo;
   * `sourceName` is its own file name, cleaned (source-name.ts), to name downloads after.
   */
  async function upload(
    user: { id: string },
    bytes: Buffer,
    sourceName: string | null = null,
  ): Promise<TUploadResponse> {
    await deps.allowance.assertRoomFor(user.id, bytes.length);
    const image = await intakes
      .add(() => takeInImage(bytes), { throwOnTimeout: true })
      .catch((error: unknown) => {
        if (error instanceof IntakeError) throw new GenerationError(error.status, error.message);
        throw error;
      });
    const now = clock.now();
    const recordId = randomUUID();
    const file: StoredFile = {
      ...newStoredFile({ userId: user.id, recordId }, "original", image, now),
      contentHash: createHash("sha256").update(image.bytes).digest("hex"),
    };
    const removeStored = async () => {
      await storage.delete(file.storageKey);
      await storage.delete(displayCopyKeyFor(file.storageKey));
    };
    // The studio shows the photo beside its result: its display copy is made now, not when the
    // result arrives and the seller waits.
    await Promise.all([storage.put(file.storageKey, image.bytes), keepDisplayCopy(file, image)]);
    const cutout = await planUploadCutout(
      { engine, records: repository.records, cutouts: uploadCutouts, logger: deps.logger },
      file,
    ).catch(async (error: unknown) => {
      await removeStored();
      throw error;
    });
    await repository
      .transaction(async (tx) => {
        await tx.records.insertRecord({
          id: recordId,
          userId: user.id,
          originalFileId: file.id,
          processedFileId: null,
          upscaledFileId: null,
          status: "uploaded",
          stage: null,
          progress: null,
          error: null,
          prompt: null,
          sourceName,
          variations: [],
          createdAt: now,
          updatedAt: now,
        });
        await tx.records.insertFile(file);
        if (cutout.file) await tx.records.insertFile(cutout.file);
        if (cutout.job) await tx.jobs.insert(cutout.job);
      })
      .catch(async (error: unknown) => {
        await removeStored();
        await cutout.undo();
        throw error;
      });
    if (cutout.job) {
      const jobId = cutout.job.id;
      // Free and waited on by nobody: if the hand-over fails, the sweep hands it over later.
      await driver.dispatch(jobId, { background: true }).catch((error: unknown) => {
        deps.logger.warn("Cut-out job not handed over yet", {
          jobId,
          error: describeError(error),
        });
      });
    }
    return { url: urls.urlOf(file), savedBaseImage: { _id: recordId } };
  }

  return { upload };
}
