import type { EngineResult, SubjectCutout } from "../../../engines/image-engine.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { StoredFileKind } from "../../../repositories/schema.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import type { ContentCredentials } from "../records/content-credentials.ts";
import { newStoredFile } from "../records/file-urls.ts";
import type { KeptScenes } from "../records/kept-scenes.ts";
import { markMadeBySoftware } from "../records/made-by-software.ts";
import { displayCopyKeyFor, makeSizedCopy } from "../records/sized-copies.ts";
import type { UploadCutouts } from "../uploads/upload-cutouts.ts";

const RESULT_KIND: Record<ImageJob["kind"], StoredFileKind> = {
  generate: "processed",
  upscale: "upscaled",
  edit: "edited",
  cutout: "cutout",
};

/** What a job's engine call gives: a result (with its kept scene) or an upload's cut-out. */
export type JobOutput = EngineResult | SubjectCutout;

/** One output of a job as it will be stored: its file, and its difference map, if any. */
export type MadeFile = {
  output: JobOutput;
  seed: number | undefined;
  file: StoredFile;
  difference?: { file: StoredFile; bytes: Buffer };
};

/**
 * The output with its bytes saying how they were made, in XMP and in signed Content
 * Credentials, as every generated, edited and upscaled file does (an upload's cut-out is the
 * seller's own photo, cut: it says nothing).
 */
export async function markedOutput(
  job: ImageJob,
  output: JobOutput,
  credentials: ContentCredentials,
): Promise<JobOutput> {
  if (job.kind === "cutout") return output;
  const madeBy = ("madeBy" in output ? output.madeBy : undefined) ?? "compositeSynthetic";
  const marked = await markMadeBySoftware(output.bytes, madeBy);
  return { ...output, bytes: await credentials.sign(marked, madeBy) };
}

/** The new file rows of an output: the result with its subject, and its difference map. */
export function madeFile(
  job: ImageJob,
  output: JobOutput,
  seed: number | undefined,
  now: number,
): MadeFile {
  const file = newStoredFile(job, RESULT_KIND[job.kind], output, now);
  const subject = "subject" in output ? output.subject : undefined;
  if (!subject) return { output, seed, file };
  const map = subject.difference;
  const difference = map
    ? { file: newStoredFile(job, "difference", map, now), bytes: map.bytes }
    : undefined;
  file.subject = {
    placement: subject.placement,
    fidelity: subject.fidelity ?? null,
    differenceFileId: difference?.file.id ?? null,
  };
  return { output, seed, file, ...(difference ? { difference } : {}) };
}

export type JobResults = ReturnType<typeof createJobResults>;

/** Where a job's outputs are stored: the bytes, what is kept beside them, their maps. */
export function createJobResults(deps: {
  storage: FileStorage;
  keptScenes: KeptScenes;
  uploadCutouts: UploadCutouts;
  logger: Logger;
  /** The kept scene of the job's source image, for an upscale to keep. */
  keptOfSource(job: ImageJob): Promise<Awaited<ReturnType<KeptScenes["load"]>>>;
}) {
  const { storage, keptScenes, uploadCutouts, logger } = deps;

  /**
   * Keeps the scene beside the result: the engine's own, or for an upscale its source's (the
   * same picture, larger; an edit renders it again at the cut-out's size and enlarges it).
   */
  async function keepScene(job: ImageJob, result: EngineResult, file: StoredFile) {
    const kept = result.keep ?? (job.kind === "upscale" ? await deps.keptOfSource(job) : undefined);
    if (!kept) return;
    await keptScenes.save(file, kept).catch(async (error: unknown) => {
      // The result stands without it: its edits then work on its pixels.
      logger.warn("Kept scene not saved", { jobId: job.id, error });
      await keptScenes.delete(file).catch(() => {});
    });
  }

  /**
   * The studio's display copy of the result, made now so that it is there when the record says
   * the job is done; without it (a failure here) the copy is made on its first request.
   */
  async function keepDisplayCopy(job: ImageJob, { storageKey }: StoredFile, bytes: Buffer) {
    try {
      await storage.put(displayCopyKeyFor(storageKey), await makeSizedCopy("display", bytes));
    } catch (error) {
      logger.warn("Display copy not saved", { jobId: job.id, error });
    }
  }

  return {
    /**
     * Stores the output's bytes and what goes with them, all under the storage keys of its
     * file and its map (`storageKeysOf`), which is how the runner removes them again.
     */
    async store(job: ImageJob, { output, file, difference }: MadeFile): Promise<void> {
      if (job.kind === "cutout") return uploadCutouts.save(file, output);
      await Promise.all([
        storage.put(file.storageKey, output.bytes),
        keepDisplayCopy(job, file, output.bytes),
      ]);
      if (difference) await storage.put(difference.file.storageKey, difference.bytes);
      await keepScene(job, output, file);
    },
  };
}
