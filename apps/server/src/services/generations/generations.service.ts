import { randomInt, randomUUID } from "node:crypto";
import {
  generationCost,
  IMAGE_LIMITS,
  GENERATION_MESSAGES as M,
  MAX_SEED,
  MAX_VARIATIONS,
  outputSize,
  type TEditResponse,
  type TImageRecord,
  type TJobAccepted,
  TOKEN_COSTS,
  type ZEditRequest,
  type ZProcessRequest,
  type ZUpscaleRequest,
} from "@backdrop/shared";
import type { z } from "zod";
import type { ImageEngine } from "../../engines/image-engine.ts";
import type { JobDriver } from "../../jobs/job-driver.ts";
import type { RecordEvents } from "../../jobs/record-events.ts";
import type { Clock } from "../../lib/clock.ts";
import { describeError } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { ImageJob } from "../../repositories/image-jobs.repository.ts";
import type { ImageRecordView, StoredFile } from "../../repositories/image-records.repository.ts";
import type { JobKind } from "../../repositories/schema.ts";
import type { UserProfilesRepository } from "../../repositories/user-profiles.repository.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { InsufficientTokensError, type TokenLedgerService } from "../token-ledger.service.ts";
import { extensionOf, type FileUrls } from "./file-urls.ts";
import {
  assertMayEdit,
  assertMaySpend,
  GenerationError,
  refundsFailures,
} from "./generation-access.ts";
import { jobInput } from "./job-inputs.ts";
import type { JobRunner } from "./job-runner.ts";
import { createKeptScenes } from "./kept-scenes.ts";
import { createRecordArchive } from "./record-archive.ts";
import { createRecordRemoval } from "./record-removal.ts";
import { createRecordUploads } from "./record-uploads.ts";
import { fidelityOf, resultRefOf } from "./result-refs.ts";
import type { StoredKeys } from "./stored-keys.ts";
import { takeDebitKeys } from "./take-debits.ts";
import { createThumbnails } from "./thumbnails.ts";
import type { UploadAllowance } from "./upload-allowance.ts";
import { waitForJob } from "./wait-for-job.ts";

export type SignedInUser = { id: string };

type Accepting = {
  kind: JobKind;
  recordId: string;
  imageUrl: string;
  input: Record<string, unknown>;
  /** What one take costs; a job of several takes (variations) is charged once per take. */
  cost: (source: StoredFile) => number;
  takes?: number;
  shortOfTokens: string;
  /** Extra checks on the profile (the edit plan rule), after the subscription checks. */
  check?: (profile: NonNullable<Awaited<ReturnType<UserProfilesRepository["find"]>>>) => void;
  /** Why the engine cannot do this job for that source, if so: refused before any charge. */
  refusal?: (source: StoredFile) => Promise<string | undefined>;
};

/** Jobs that work on the record's result: a take they name must be the chosen one. */
const ON_THE_RESULT: ReadonlySet<JobKind> = new Set(["upscale", "edit"]);

/**
 * Whether a job of `kind` may work on `source` of `record`: an upscale or an edit of one of
 * the generation's takes only of the chosen one (the record's processed image), so the record
 * never shows one take beside the upscale or edit of another. Its edits, its upload and its
 * other images are not takes.
 */
function takesChosen(
  kind: JobKind,
  source: StoredFile,
  record: { processedFileId: string | null },
): boolean {
  if (!ON_THE_RESULT.has(kind) || source.kind !== "processed") return true;
  return source.id === record.processedFileId;
}

const STARTED: Record<JobKind, string> = {
  generate: "Image processing started",
  upscale: "Image upscaling started",
  edit: "Image editing started",
  cutout: "Subject cut-out started",
};

/** At most this many records in one gallery answer. */
export const GALLERY_LIMIT = 500;

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
}) {
  const { repository, profiles, ledger, storage, urls, driver, engine, clock, storedKeys } = deps;
  const thumbnails = createThumbnails({
    storage,
    storedKeys,
    stillStored: async (fileId) => (await repository.records.findFile(fileId)) !== undefined,
  });
  const keptScenes = createKeptScenes(storage);
  const uploads = createRecordUploads(deps);
  const removal = createRecordRemoval({ repository, storedKeys });
  const archives = createRecordArchive({ repository, storage, logger: deps.logger });

  function toApi(view: ImageRecordView): TImageRecord {
    const result = (file: StoredFile | null) => (file ? resultRefOf(urls, file) : null);
    return {
      _id: view.id,
      originalImage: { url: urls.urlOf(view.original) },
      processedImage: result(view.processed),
      upscaledImage: result(view.upscaled),
      aiGeneratedImages: view.edits.map((file) => resultRefOf(urls, file)),
      cutoutImage: view.cutout ? { url: urls.urlOf(view.cutout) } : null,
      variations: view.takes.map(({ file, seed }) => ({ ...resultRefOf(urls, file), seed })),
      fidelity: fidelityOf(urls, view.processed),
      status: view.status,
      stage: view.stage,
      progress: view.progress,
      error: view.error,
      prompt: view.prompt,
      width: view.original.width,
      height: view.original.height,
      createdAt: new Date(view.createdAt).toISOString(),
      updatedAt: new Date(view.updatedAt).toISOString(),
    };
  }

  async function ownRecord(user: SignedInUser, recordId: string) {
    const record = await repository.records.findRecord(recordId);
    if (!record || record.userId !== user.id) throw new GenerationError(404, M.recordNotFound);
    return record;
  }

  /** The user's file of that id, when `extension` is its own (the URL names both). */
  async function ownFile(user: SignedInUser, fileId: string, extension: string) {
    const file = await repository.records.findFile(fileId);
    if (!file || file.userId !== user.id) return null;
    return extensionOf(file.contentType) === extension ? file : null;
  }

  /** The file `imageUrl` names, which must be one of the record's own. */
  async function sourceFile(recordId: string, imageUrl: string): Promise<StoredFile> {
    const fileId = urls.fileIdOf(imageUrl);
    const file = fileId ? await repository.records.findFile(fileId) : undefined;
    if (!file || file.recordId !== recordId) throw new GenerationError(400, M.imageNotInRecord);
    // Upscaled results may pass the upload limit; they are for downloading, not for more jobs.
    if (file.width > IMAGE_LIMITS.maxWidth || file.height > IMAGE_LIMITS.maxHeight) {
      throw new GenerationError(400, M.imageTooLarge);
    }
    return file;
  }

  /**
   * The studio's no-subject message when the generation cannot work: its source is the upload,
   * whose cut-out already found no subject, and the engine cannot generate without one at
   * these options. A cut-out not made yet refuses nothing (the job then fails as ever).
   */
  async function subjectMissing(
    source: StoredFile,
    options: z.output<typeof ZProcessRequest>["options"],
  ): Promise<string | undefined> {
    if (source.kind !== "original" || !engine.needsSubject?.(options)) return undefined;
    const cutout = await repository.jobs.latestCutout(source.recordId);
    const none = cutout?.status === "failed" && cutout.error === M.noSubjectFound;
    return none ? M.noSubjectFound : undefined;
  }

  /** Checks, then debits and records the job in one transaction, then hands it over. */
  async function accept(user: SignedInUser, job: Accepting): Promise<ImageJob> {
    const record = await ownRecord(user, job.recordId);
    const source = await sourceFile(job.recordId, job.imageUrl);
    if (!takesChosen(job.kind, source, record)) throw new GenerationError(409, M.takeNotChosen);
    const profile = assertMaySpend(await profiles.find(user.id), clock.now());
    job.check?.(profile);
    const refused = await job.refusal?.(source);
    if (refused) throw new GenerationError(422, refused);
    // Nothing is charged for a job the queue cannot take now.
    if (!(await driver.accepting())) throw new GenerationError(503, M.queueUnavailable);
    const id = randomUUID();
    const input: Record<string, unknown> = jobInput(job.kind, job.input);
    const takes = job.takes ?? 1;
    const perTake = job.cost(source);
    const accepted = {
      id,
      recordId: job.recordId,
      userId: user.id,
      kind: job.kind,
      sourceFileId: source.id,
      input,
      cost: perTake * takes,
      debitKey: `job:${id}`,
      refundOnFailure: refundsFailures(profile),
      createdAt: clock.now(),
    };
    // Its place among the user's own waiting jobs: another user's job need not wait for them all.
    let place = 0;
    try {
      await repository.transaction(async (tx) => {
        // The debit locks the user's balances first, so one user's requests take turns here.
        // One debit per take, so a take the platform failed to deliver is refunded on its own.
        for (const key of takeDebitKeys(accepted.debitKey, takes)) {
          await ledger.within(tx.ledger).debit(user.id, perTake, key, accepted.id);
        }
        // Read again under the lock: a delete (or a choice of take) takes the same lock, so it
        // either committed before this read or waits for this transaction to end.
        const current = await tx.records.findRecord(job.recordId);
        if (!current) throw new GenerationError(404, M.recordNotFound);
        if (!takesChosen(job.kind, source, current)) {
          throw new GenerationError(409, M.takeNotChosen);
        }
        if (await tx.jobs.hasActiveJob(job.recordId)) {
          throw new GenerationError(409, M.alreadyProcessing);
        }
        place = await tx.jobs.waitingCountOf(user.id);
        await tx.jobs.insert(accepted);
        await tx.records.updateRecord(
          job.recordId,
          {
            status: "queued",
            stage: "queued",
            error: null,
            ...(job.kind === "generate"
              ? {
                  processedFileId: null,
                  upscaledFileId: null,
                  prompt: String(input.prompt),
                  variations: [],
                }
              : {}),
            ...(job.kind === "upscale" ? { upscaledFileId: null } : {}),
          },
          accepted.createdAt,
        );
      });
    } catch (error) {
      if (error instanceof InsufficientTokensError)
        throw new GenerationError(402, job.shortOfTokens);
      throw error;
    }
    deps.events.publish({ userId: user.id, recordId: job.recordId, jobId: id });
    // The job is committed and paid for: if the hand-over fails, the sweep hands it over later,
    // or, if it never starts within the queue's waiting limit, ends it with a refund.
    await driver.dispatch(id, { place }).catch((error: unknown) => {
      deps.logger.warn("Job not handed over yet; the sweep will retry", {
        jobId: id,
        error: describeError(error),
      });
    });
    return { ...accepted, status: "queued" } as ImageJob;
  }

  function acceptedAnswer(job: ImageJob): TJobAccepted {
    return { request_id: job.id, status: "queued", message: STARTED[job.kind] };
  }

  return {
    /** Checks the storage quota on the bytes sent, then decodes, checks and stores the photo. */
    upload: uploads.upload,

    async process(user: SignedInUser, body: z.output<typeof ZProcessRequest>) {
      const job = await accept(user, {
        kind: "generate",
        recordId: body.savedRecordId,
        imageUrl: body.imageUrl,
        input: {
          prompt: body.prompt,
          options: body.options,
          method: body.processingMethod,
          seed: body.seed ?? randomInt(0, MAX_SEED - MAX_VARIATIONS),
          shadow: body.shadow,
          relight: body.relightProduct,
          aspect: body.aspect,
          variations: body.variations,
        },
        takes: body.variations,
        cost: (source) => {
          const size = outputSize(source.width, source.height, body.aspect);
          return generationCost(size.width, size.height);
        },
        shortOfTokens: M.notEnoughTokens,
        refusal: (source) => subjectMissing(source, body.options),
      });
      return acceptedAnswer(job);
    },

    async upscale(user: SignedInUser, body: z.output<typeof ZUpscaleRequest>) {
      const job = await accept(user, {
        kind: "upscale",
        recordId: body.savedRecordId,
        imageUrl: body.imageUrl,
        input: { options: body.options },
        cost: () => TOKEN_COSTS.upscale,
        shortOfTokens: M.notEnoughTokensToUpscale,
      });
      return acceptedAnswer(job);
    },

    /** Edits answer with the new image, so the call waits for its job (SPEC point 7). */
    async edit(user: SignedInUser, body: z.output<typeof ZEditRequest>): Promise<TEditResponse> {
      const job = await accept(user, {
        kind: "edit",
        recordId: body.imageRecordId,
        imageUrl: body.imageUrl,
        input: { prompt: body.prompt },
        cost: () => TOKEN_COSTS.edit,
        shortOfTokens: M.notEnoughTokensToEdit,
        check: assertMayEdit,
        refusal: async (source) => {
          if (!engine.checkEdit) return undefined;
          // The state alone (a small JSON file): enough to tell an edit that changes nothing.
          const state = await keptScenes.state(source);
          return engine.checkEdit(body.prompt, state !== undefined, state);
        },
      });
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
    async choose(user: SignedInUser, recordId: string, index: number): Promise<TImageRecord> {
      const record = await ownRecord(user, recordId);
      const take = record.variations[index];
      if (!take) throw new GenerationError(400, M.noSuchVariation);
      await repository.transaction(async (tx) => {
        // The balance lock an upscale or edit takes while it is accepted: it is accepted for
        // the take chosen before this or after it, never in between.
        await tx.ledger.lockBalances(user.id);
        if (await tx.jobs.hasActiveJob(recordId)) {
          throw new GenerationError(409, M.alreadyProcessing);
        }
        const change = { processedFileId: take.fileId, upscaledFileId: null };
        await tx.records.updateRecord(recordId, change, clock.now());
      });
      deps.events.publish({ userId: user.id, recordId, jobId: null });
      return this.record(user, recordId);
    },

    async record(user: SignedInUser, recordId: string): Promise<TImageRecord> {
      const view = await repository.records.viewRecord(recordId, user.id);
      if (!view) throw new GenerationError(404, M.recordNotFound);
      return toApi(view);
    },

    async records(user: SignedInUser): Promise<TImageRecord[]> {
      const views = await repository.records.viewRecordsOf(user.id, GALLERY_LIMIT);
      return views.map(toApi);
    },

    /** A stored file, opened to be read as it is sent, for its owner only. */
    async file(user: SignedInUser, fileId: string, extension: string) {
      const file = await ownFile(user, fileId, extension);
      const opened = file ? await storage.open(file.storageKey) : null;
      return file && opened ? { file, opened } : null;
    },

    /** A stored file's gallery thumbnail (WebP), made on first request, for its owner only. */
    async thumbnail(user: SignedInUser, fileId: string, extension: string) {
      const file = await ownFile(user, fileId, extension);
      const bytes = file ? await thumbnails.of(file) : null;
      return file && bytes ? { file, bytes } : null;
    },

    /** Deletes the user's record, its jobs, files, thumbnails and kept scenes (not while running). */
    remove: removal.remove,

    /** The chosen results of the user's records as a ZIP, read as it is sent. */
    archive: archives.archive,

    /** Ownership check for the live updates of a record. */
    ownRecord,
  };
}
