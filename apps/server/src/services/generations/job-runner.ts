import {
  EngineError,
  type EngineImage,
  type ImageEngine,
  type JobContext,
} from "../../engines/image-engine.ts";
import type { RecordEvents } from "../../jobs/record-events.ts";
import type { Clock } from "../../lib/clock.ts";
import { withLogContext } from "../../lib/log-context.ts";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { ImageJob } from "../../repositories/image-jobs.repository.ts";
import type { StoredFile } from "../../repositories/image-records.repository.ts";
import { isBackgroundJob } from "../../repositories/schema.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { TokenLedgerService } from "../token-ledger.service.ts";
import { runTakes } from "./generation-takes.ts";
import { createJobCutouts } from "./job-cutouts.ts";
import { abandonedFailure, type JobFailure, jobFailure, queueWaitFailure } from "./job-failures.ts";
import { JOB_INPUTS, jobInput } from "./job-inputs.ts";
import { createJobReporter } from "./job-reports.ts";
import { createJobResults, type JobOutput, madeFile } from "./job-results.ts";
import { createKeptScenes } from "./kept-scenes.ts";
import { storageKeysOf } from "./record-removal.ts";
import { createRunningAttempts } from "./running-attempts.ts";
import type { StoredKeys } from "./stored-keys.ts";
import { takeDebitKeys } from "./take-debits.ts";
import { createUploadCutouts } from "./upload-cutouts.ts";

export type JobTimings = {
  /**
   * How long one attempt of a job may run, counted from when a worker starts it: past it, the
   * job fails with the time-out message. Waiting in line does not count.
   */
  timeLimitMs: number;
  /** How long a job may wait for its first start; past it, it fails unstarted (refunded). */
  queueWaitLimitMs: number;
  /** How long a worker's claim lasts without renewal; a crashed worker's job is free after it. */
  leaseMs: number;
  /** Attempts before a job that keeps losing its worker is failed (and refunded per plan). */
  maxAttempts: number;
};

export type JobRunnerDeps = {
  repository: GenerationsRepository;
  storage: FileStorage;
  engine: ImageEngine;
  ledger: TokenLedgerService;
  events: RecordEvents;
  clock: Clock;
  logger: Logger;
  timings: JobTimings;
  /** Removes what a job stored but may not keep, retried until storage confirms it. */
  storedKeys: StoredKeys;
};

/** What a job made: its outputs (a generation's takes, with their seeds), and what to give back. */
type JobRun = { outputs: { output: JobOutput; seed?: number }[]; refundKeys: string[] };

const alone = (output: JobOutput): JobRun => ({ outputs: [{ output }], refundKeys: [] });

/** How many takes the job was charged for (one debit each). */
function takesOf(job: ImageJob): number {
  if (job.kind !== "generate") return 1;
  const read = JOB_INPUTS.generate.safeParse(job.input);
  return read.success ? read.data.variations : 1;
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** Runs one job from its row to its end: engine, stored result, record, refund. */
export function createJobRunner(deps: JobRunnerDeps) {
  const { repository, storage, engine, events, clock, logger, timings } = deps;
  const keptScenes = createKeptScenes(storage);
  const uploadCutouts = createUploadCutouts({ repository, storage });
  const cutouts = createJobCutouts({ ...deps, uploadCutouts, runJob: run });
  const results = createJobResults({ storage, keptScenes, uploadCutouts, logger, keptOfSource });
  const running = createRunningAttempts();
  let handedBack: ImageJob[] = [];

  function announce(job: ImageJob): void {
    events.publish({ userId: job.userId, recordId: job.recordId, jobId: job.id });
  }

  async function loadSource(job: ImageJob): Promise<{ file: StoredFile; image: EngineImage }> {
    const file = await repository.records.findFile(job.sourceFileId);
    const bytes = file ? await storage.get(file.storageKey) : null;
    if (!file || !bytes) throw new Error(`The source image of job ${job.id} is missing`);
    const image = { bytes, contentType: file.contentType, width: file.width, height: file.height };
    return { file, image };
  }

  /** The scene the engine kept with the job's source image, if any; a lost one is no failure. */
  async function keptOfSource(job: ImageJob) {
    try {
      const file = await repository.records.findFile(job.sourceFileId);
      return file ? await keptScenes.load(file) : undefined;
    } catch (error) {
      logger.warn("Kept scene not read", { jobId: job.id, error });
      return undefined;
    }
  }

  async function callEngine(
    job: ImageJob,
    source: { file: StoredFile; image: EngineImage },
    ctx: JobContext,
  ): Promise<JobRun> {
    const { image } = source;
    switch (job.kind) {
      case "generate": {
        const { cutout } = await cutouts.forJob(job, source.file, ctx);
        const { variations, ...input } = jobInput("generate", job.input);
        const generate = { image, ...(cutout ? { cutout } : {}), ...input };
        const run = await runTakes(engine, job, generate, variations, ctx);
        return { outputs: run.takes, refundKeys: run.refundKeys };
      }
      case "upscale": {
        const { options } = jobInput("upscale", job.input);
        const { subject } = await cutouts.forJob(job, source.file, ctx);
        return alone(
          await engine.upscale({ image, options, ...(subject ? { subject } : {}) }, ctx),
        );
      }
      case "edit": {
        const kept = await keptOfSource(job);
        const subject = await cutouts.forJob(job, source.file, ctx);
        const { prompt } = jobInput("edit", job.input);
        return alone(
          await engine.edit({ image, prompt, ...subject, ...(kept ? { kept } : {}) }, ctx),
        );
      }
      case "cutout":
        if (!engine.cutOut) throw new Error(`The ${engine.id} engine makes no cut-outs`);
        return alone(await engine.cutOut({ image }, ctx));
    }
  }

  /**
   * Stores what the job made, then in one transaction ends the job, adds the files, points the
   * record at them (a generation's first take is the chosen one) and gives back the takes that
   * failed.
   */
  async function complete(job: ImageJob, run: JobRun): Promise<void> {
    const made = run.outputs.map(({ output, seed }) => madeFile(job, output, seed, clock.now()));
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
          ...(job.kind === "generate" ? { processedFileId: first.file.id, variations: takes } : {}),
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
  }

  /**
   * Fails the job once. Its tokens come back when the platform failed it, and for failures
   * caused by the input when the plan it was accepted on refunds them.
   */
  async function fail(
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
  }

  /**
   * The engine's answer, or a time-out once the signal fires, whether or not the engine stops.
   * The engine is not called at all once the signal has fired; once called, its promise always
   * has a handler, so a late rejection never goes unhandled.
   */
  function withinTimeLimit<T>(start: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new EngineError("timeout", "The job's time limit ran out"));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      let work: Promise<T>;
      try {
        work = start();
      } catch (error) {
        work = Promise.reject(error);
      }
      work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  /** Back to the line as if never started; the record shows it waiting again. */
  async function giveBack(job: ImageJob): Promise<void> {
    const now = clock.now();
    if (!(await repository.jobs.release(job.id, job.attempts, now))) return;
    handedBack.push(job);
    if (!isBackgroundJob(job.kind)) {
      await repository.records.updateRecord(
        job.recordId,
        { status: "queued", stage: null, progress: null },
        now,
      );
    }
    logger.info("Job handed back", { kind: job.kind });
  }

  /** `within`: the attempt of another job this one runs inside; stopping that stops this. */
  function attempt(job: ImageJob, within?: AbortSignal): Promise<void> {
    const controller = new AbortController();
    const follow = () => controller.abort(within?.reason);
    if (within?.aborted) follow();
    within?.addEventListener("abort", follow, { once: true });
    const work = running.track(job.id, controller, attemptWith(job, controller));
    return work.finally(() => within?.removeEventListener("abort", follow));
  }

  async function attemptWith(job: ImageJob, controller: AbortController): Promise<void> {
    const started = clock.now();
    const limit = setTimeout(() => controller.abort(), timings.timeLimitMs);
    const heartbeat = setInterval(
      () => {
        void repository.jobs
          .renewLease(job.id, job.attempts, clock.now() + timings.leaseMs)
          .then((ours) => {
            if (!ours) controller.abort();
          })
          .catch(() => {});
      },
      Math.max(10, Math.floor(timings.leaseMs / 3)),
    );
    const background = isBackgroundJob(job.kind);
    const reports = createJobReporter({
      job,
      repository,
      clock,
      logger,
      announce: () => announce(job),
      onRecord: !background,
    });
    // Past the time limit or a lost lease the engine may still report; nothing is written then.
    controller.signal.addEventListener("abort", () => reports.stop(), { once: true });
    try {
      if (!background) {
        await repository.records.updateRecord(
          job.recordId,
          { status: "processing", progress: null },
          clock.now(),
        );
      }
      reports.reportStage("preparing");
      const source = await loadSource(job);
      const ctx: JobContext = {
        signal: controller.signal,
        reportStage: reports.reportStage,
        reportProgress: reports.reportProgress,
      };
      const result = await withinTimeLimit(() => callEngine(job, source, ctx), controller.signal);
      reports.reportStage("saving");
      reports.stop();
      await reports.settled();
      await complete(job, result);
      const ms = clock.now() - started;
      logger.info("Job done", { kind: job.kind, ms, waitedMs: started - job.createdAt });
    } catch (error) {
      reports.stop();
      await reports.settled();
      if (running.handedBack(controller.signal)) return giveBack(job);
      const failure = jobFailure(job.kind, error);
      logger.warn("Job failed", { jobId: job.id, kind: job.kind, cause: failure.cause, error });
      await fail(job, job.attempts, failure);
    } finally {
      clearTimeout(limit);
      clearInterval(heartbeat);
    }
  }

  async function runClaimed(jobId: string, within?: AbortSignal): Promise<void> {
    const now = clock.now();
    const job = await repository.jobs.claim(jobId, now, now + timings.leaseMs);
    if (!job) return;
    if (job.attempts > timings.maxAttempts) {
      await fail(job, job.attempts, abandonedFailure(job.kind));
    } else if (job.attempts === 1 && now - job.createdAt > timings.queueWaitLimitMs) {
      await fail(job, job.attempts, queueWaitFailure(job.kind));
    } else if (job.kind !== "cutout" || !(await cutouts.endIfAlreadyMade(job))) {
      await attempt(job, within);
    }
    announce(job);
  }

  /**
   * Runs the job if nobody else is running it and it has not ended; resolves when done.
   * Every line logged meanwhile, however deep, carries the job's id. Run inside another job's
   * attempt (`within`), it stops when that one does: handed back with it, or cut off.
   */
  function run(jobId: string, within?: AbortSignal): Promise<void> {
    return withLogContext({ jobId }, () => runClaimed(jobId, within));
  }

  return {
    run,

    /** Ends a job that lost its workers too often; true when this call ended it. */
    async abandon(job: ImageJob): Promise<boolean> {
      const ended = await fail(job, job.attempts, abandonedFailure(job.kind));
      if (ended) announce(job);
      return ended;
    },

    /**
     * Fails, with a refund, the jobs that waited in line too long without starting (the queue
     * was down, or no worker ran): needs only the database. Answers how many it ended.
     */
    async expireOverdue(limit = 100): Promise<number> {
      const overdue = await repository.jobs.queuedSince(
        clock.now() - timings.queueWaitLimitMs,
        limit,
      );
      let ended = 0;
      for (const job of overdue) {
        // Attempt 0: only while no worker has claimed it meanwhile.
        if (await fail(job, 0, queueWaitFailure(job.kind))) {
          ended += 1;
          announce(job);
        }
      }
      return ended;
    },

    /** Jobs nobody works on, for the sweep to resume or end. */
    orphans(limit = 100): Promise<ImageJob[]> {
      return repository.jobs.orphans(clock.now(), limit);
    },

    /**
     * Stops the attempts running in this process and gives their jobs back to the line (a
     * shutdown); answers those jobs, for the caller to hand to another worker at once.
     */
    async handBack(): Promise<ImageJob[]> {
      await running.handBackAll();
      const jobs = handedBack;
      handedBack = [];
      return jobs;
    },

    timings,
  };
}
