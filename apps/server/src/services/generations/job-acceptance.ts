import { randomUUID } from "node:crypto";
import { IMAGE_LIMITS, GENERATION_MESSAGES as M, type TJobAccepted } from "@backdrop/shared";
import type { JobDriver } from "../../jobs/job-driver.ts";
import type { RecordEvents } from "../../jobs/record-events.ts";
import type { Clock } from "../../lib/clock.ts";
import { describeError } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { ImageJob } from "../../repositories/image-jobs.repository.ts";
import type { StoredFile } from "../../repositories/image-records.repository.ts";
import type { JobKind } from "../../repositories/schema.ts";
import type { UserProfilesRepository } from "../../repositories/user-profiles.repository.ts";
import { InsufficientTokensError, type TokenLedgerService } from "../token-ledger.service.ts";
import type { FileUrls } from "./records/file-urls.ts";
import {
  assertMaySpend,
  GenerationError,
  refundsFailures,
  type SignedInUser,
} from "./records/generation-access.ts";
import { jobInput } from "./records/job-inputs.ts";
import type { RecordReads } from "./records/record-reads.ts";
import type { JobRequest } from "./runner/kinds/job-kind.ts";
import { takeDebitKeys } from "./runner/take-debits.ts";

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

/** The API's answer to a job accepted and in line. */
export function acceptedAnswer(job: ImageJob): TJobAccepted {
  return { request_id: job.id, status: "queued", message: STARTED[job.kind] };
}

export type JobAcceptance = ReturnType<typeof createJobAcceptance>;

/** Taking a job the API asks for: checked, paid for and recorded, then handed to the queue. */
export function createJobAcceptance(deps: {
  repository: GenerationsRepository;
  profiles: UserProfilesRepository;
  ledger: TokenLedgerService;
  urls: FileUrls;
  driver: JobDriver;
  events: RecordEvents;
  clock: Clock;
  logger: Logger;
  reads: Pick<RecordReads, "ownRecord">;
}) {
  const { repository, profiles, ledger, urls, driver, clock } = deps;

  /** The file `imageUrl` names, which must be one of the record's own. */
  async function sourceFile(recordId: string, imageUrl: string): Promise<StoredFile> {
    const fileId = urls.fileIdOf(imageUrl);
    const file = fileId ? await repository.records.findFile(fileId) : undefined;
    if (!file || file.recordId !== recordId) {
      // A record deleted since it was read took its files with it: that is its absence, not a bad URL.
      if (!(await repository.records.findRecord(recordId))) {
        throw new GenerationError(404, M.recordNotFound);
      }
      throw new GenerationError(400, M.imageNotInRecord);
    }
    // Upscaled results may pass the upload limit; they are for downloading, not for more jobs.
    if (file.width > IMAGE_LIMITS.maxWidth || file.height > IMAGE_LIMITS.maxHeight) {
      throw new GenerationError(400, M.imageTooLarge);
    }
    return file;
  }

  return {
    /** Checks, then debits and records the job in one transaction, then hands it over. */
    async accept(user: SignedInUser, job: JobRequest): Promise<ImageJob> {
      const record = await deps.reads.ownRecord(user, job.recordId);
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
    },
  };
}
