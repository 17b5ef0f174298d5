import type { Clock } from "../../../lib/clock.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import { isBackgroundJob } from "../../../repositories/schema.ts";
import type { TokenLedgerService } from "../../token-ledger.service.ts";
import type { ContentCredentials } from "../records/content-credentials.ts";
import { JOB_INPUTS } from "../records/job-inputs.ts";
import { storageKeysOf } from "../records/record-removal.ts";
import type { StoredKeys } from "../records/stored-keys.ts";
import type { JobCutouts } from "./job-cutouts.ts";
import type { JobFailure } from "./job-failures.ts";
import { type JobResults, madeFile, markedOutput } from "./job-results.ts";
import type { JobRun } from "./kinds/job-kind.ts";
import { takeDebitKeys } from "./take-debits.ts";

/** How many takes the job was charged for (one debit each). */
function takesOf(job: ImageJob): number {
  if (job.kind !== "generate") return 1;
  const read = JOB_INPUTS.generate.safeParse(job.input);
  return read.success ? read.data.variations : 1;
}

export type JobEndings = ReturnType<typeof createJobEndings>;

/**
 * How a job ends: completed with what it made saved (the takes that failed given back), or
 * failed (its tokens given back as the rules say). Each ends the job once, for the attempt
 * that holds it; a later or lost attempt changes nothing.
 */
export function createJobEndings(deps: {
  repository: GenerationsRepository;
  ledger: TokenLedgerService;
  clock: Clock;
  /** Removes what a job stored but may not keep, retried until storage confirms it. */
  storedKeys: StoredKeys;
  results: JobResults;
  cutouts: Pick<JobCutouts, "adopt">;
  credentials: ContentCredentials;
}) {
  const { repository, clock, results, cutouts } = deps;

  return {
    /**
     * Stores what the job made, then in one transaction ends the job, adds the files, points the
     * record at them (a generation's first take is the chosen one) and gives back the takes that
     * failed.
     */
    async complete(job: ImageJob, run: JobRun): Promise<void> {
      const marked = await Promise.all(
        run.outputs.map(async ({ output, seed }) => ({
          output: await markedOutput(job, output, deps.credentials),
          seed,
        })),
      );
      const made = marked.map(({ output, seed }) => madeFile(job, output, seed, clock.now()));
      // Everything the outputs may have left in storage (their bytes, maps, kept scenes, mattes),
      // for when they cannot be kept: listed, so a key storage refuses now is removed later.
      const keys = made.flatMap(({ file, difference }) => [
        ...storageKeysOf(file),
        ...(difference ? storageKeysOf(difference.file) : []),
      ]);
      const discard = () =>
        deps.storedKeys.discard(keys, { userId: job.userId, reason: "discarded" });
      try {
        for (const one of made) await results.store(job, one);
      } catch (error) {
        await discard();
        throw error;
      }
      const [first] = made;
      if (!first) throw new Error(`Job ${job.id} made nothing`);
      // Before the record shows the result, so the upload's cut-out is there when it does.
      const cutout = made.map(({ output }) => ("cutout" in output ? output.cutout : undefined));
      const madeCutout = cutout.find((candidate) => candidate !== undefined);
      if (madeCutout) await cutouts.adopt(job, madeCutout);
      const recorded = repository.transaction(async (tx) => {
        const now = clock.now();
        // A generation may have given the upload its cut-out meanwhile: that one stays.
        const earlier =
          job.kind === "cutout"
            ? (await tx.records.filesOfRecord(job.recordId)).find(({ kind }) => kind === "cutout")
            : undefined;
        const resultFileId = earlier?.id ?? first.file.id;
        const ended = { status: "completed" as const, resultFileId };
        if (!(await tx.jobs.finish(job.id, job.attempts, ended, now)) || earlier) return false;
        for (const { file, difference } of made) {
          await tx.records.insertFile(file);
          if (difference) await tx.records.insertFile(difference.file);
        }
        if (isBackgroundJob(job.kind)) return true;
        const takes = made.map(({ file, seed }) => ({ fileId: file.id, seed: seed ?? 0 }));
        await tx.records.updateRecord(
          job.recordId,
          {
            status: "completed",
            stage: null,
            progress: null,
            error: null,
            ...(job.kind === "generate"
              ? { processedFileId: first.file.id, variations: takes }
              : {}),
            ...(job.kind === "upscale" ? { upscaledFileId: first.file.id } : {}),
          },
          now,
        );
        for (const key of run.refundKeys) {
          await deps.ledger.within(tx.ledger).refund(job.userId, key, `job:${job.id}`);
        }
        return true;
      });
      const finished = await recorded.catch(async (error: unknown) => {
        await discard();
        throw error;
      });
      if (!finished) return discard();
    },

    /**
     * Fails the job once. Its tokens come back when the platform failed it, and for failures
     * caused by the input when the plan it was accepted on refunds them.
     */
    async fail(
      job: ImageJob,
      attempt: number | null,
      { message, cause }: JobFailure,
    ): Promise<boolean> {
      return repository.transaction(async (tx) => {
        const now = clock.now();
        if (!(await tx.jobs.finish(job.id, attempt, { status: "failed", error: message }, now))) {
          return false;
        }
        // Nobody waits on a background job, and it took nothing: the record stays as it was.
        if (isBackgroundJob(job.kind)) return true;
        await tx.records.updateRecord(
          job.recordId,
          { status: "failed", stage: null, progress: null, error: message },
          now,
        );
        if (cause === "platform" || job.refundOnFailure) {
          for (const key of takeDebitKeys(job.debitKey, takesOf(job))) {
            await deps.ledger.within(tx.ledger).refund(job.userId, key, `job:${job.id}`);
          }
        }
        return true;
      });
    },
  };
}
