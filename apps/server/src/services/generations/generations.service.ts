import {
  GENERATION_MESSAGES as M,
  type TEditResponse,
  type ZEditRequest,
  type ZProcessRequest,
  type ZUpscaleRequest,
} from "@backdrop/shared";
import type { z } from "zod";
import type { ImageEngine } from "../../engines/image-engine.ts";
import type { JobDriver } from "../../jobs/job-driver.ts";
import type { RecordEvents } from "../../jobs/record-events.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { UserProfilesRepository } from "../../repositories/user-profiles.repository.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { TokenLedgerService } from "../token-ledger.service.ts";
import { acceptedAnswer, createJobAcceptance } from "./job-acceptance.ts";
import type { ContentCredentials } from "./records/content-credentials.ts";
import { createDownloadConversions } from "./records/download-files.ts";
import type { FileUrls } from "./records/file-urls.ts";
import { GenerationError, type SignedInUser } from "./records/generation-access.ts";
import { createKeptScenes } from "./records/kept-scenes.ts";
import { createRecordArchive } from "./records/record-archive.ts";
import { createRecordReads } from "./records/record-reads.ts";
import { createRecordRemoval } from "./records/record-removal.ts";
import { resultRefOf } from "./records/result-refs.ts";
import { createSizedCopies } from "./records/sized-copies.ts";
import type { StoredKeys } from "./records/stored-keys.ts";
import { createTakeChoice } from "./records/take-choice.ts";
import type { JobRunner } from "./runner/job-runner.ts";
import { editRequest } from "./runner/kinds/edit.ts";
import { generateRequest } from "./runner/kinds/generate.ts";
import { upscaleRequest } from "./runner/kinds/upscale.ts";
import { waitForJob } from "./runner/wait-for-job.ts";
import { createRecordUploads } from "./uploads/record-uploads.ts";
import type { UploadAllowance } from "./uploads/upload-allowance.ts";
import { createUploadMask } from "./uploads/upload-mask.ts";

export type GenerationsService = ReturnType<typeof createGenerationsService>;

/** Uploads, the three kinds of job, and the records and files they leave (SPEC point 7). */
export function createGenerationsService(deps: {
  allowance: UploadAllowance;
  repository: GenerationsRepository;
  profiles: UserProfilesRepository;
  ledger: TokenLedgerService;
  storage: FileStorage;
  urls: FileUrls;
  driver: JobDriver;
  runner: JobRunner;
  events: RecordEvents;
  engine: ImageEngine;
  clock: Clock;
  logger: Logger;
  /** How stored bytes are removed so that none is forgotten (the jobs' `storedKeys`). */
  storedKeys: StoredKeys;
  /** Signs the Content Credentials of a download converted to another format. */
  credentials: ContentCredentials;
}) {
  const { repository, storage, urls, storedKeys } = deps;
  const copies = createSizedCopies({
    storage,
    storedKeys,
    stillStored: async (fileId) => (await repository.records.findFile(fileId)) !== undefined,
  });
  const uploads = createRecordUploads(deps);
  const mask = createUploadMask(deps);
  const conversions = createDownloadConversions(deps.credentials);
  const reads = createRecordReads({ repository, storage, urls, copies, conversions });
  const acceptance = createJobAcceptance({ ...deps, reads });
  const choice = createTakeChoice({ ...deps, reads });
  const removal = createRecordRemoval({ repository, storedKeys });
  const archives = createRecordArchive({
    repository,
    storage,
    conversions,
    logger: deps.logger,
  });
  const requestTools = {
    engine: deps.engine,
    jobs: repository.jobs,
    keptScenes: createKeptScenes(storage),
  };

  return {
    /** Checks the storage quota on the bytes sent, then decodes, checks and stores the photo. */
    upload: uploads.upload,

    /** The upload's mask, its cut-out's alpha, as a greyscale PNG; for its owner only. */
    mask: mask.read,

    /** Replaces the upload's mask and so its cut-out, free; for its owner only. */
    replaceMask: mask.replace,

    async process(user: SignedInUser, body: z.output<typeof ZProcessRequest>) {
      const job = await acceptance.accept(user, generateRequest(body, requestTools));
      return acceptedAnswer(job);
    },

    async upscale(user: SignedInUser, body: z.output<typeof ZUpscaleRequest>) {
      const job = await acceptance.accept(user, upscaleRequest(body));
      return acceptedAnswer(job);
    },

    /** Edits answer with the new image, so the call waits for its job (SPEC point 7). */
    async edit(user: SignedInUser, body: z.output<typeof ZEditRequest>): Promise<TEditResponse> {
      const job = await acceptance.accept(user, editRequest(body, requestTools));
      const done = await waitForJob(
        { jobs: repository.jobs, events: deps.events },
        job,
        // The job starts within the queue's waiting limit (or fails) and then ends by its time
        // limit; the margin covers saving the result. So the answer is always the job's outcome.
        deps.runner.timings.queueWaitLimitMs + deps.runner.timings.timeLimitMs + 10_000,
      );
      if (!done) throw new GenerationError(504, M.requestTimedOut);
      if (done.status !== "completed" || !done.resultFileId) {
        throw new GenerationError(502, done.error ?? M.editFailed);
      }
      const file = await repository.records.findFile(done.resultFileId);
      if (!file) throw new GenerationError(502, M.editFailed);
      return { image: resultRefOf(urls, file) };
    },

    /**
     * Makes one of the record's takes the one Download, Upscale and Edit act on; the upscale of
     * the one chosen before is no longer the record's.
     */
    choose: choice.choose,

    record: reads.record,

    records: reads.records,

    /** A stored file, opened to be read as it is sent, for its owner only. */
    file: reads.file,

    /** A stored file in a download format, named after its record, for its owner only. */
    download: reads.download,

    /** A stored file's thumbnail or display copy (WebP), for its owner only. */
    sizedCopy: reads.sizedCopy,

    /**
     * Deletes the user's record, its jobs, files, thumbnails, display copies and kept scenes
     * (not while running).
     */
    remove: removal.remove,

    /** The chosen results of the user's records as a ZIP, read as it is sent. */
    archive: archives.archive,

    /** Ownership check for the live updates of a record. */
    ownRecord: reads.ownRecord,
  };
}
