import { describeError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { isBackgroundJob, type JobKind } from "../repositories/schema.ts";
import type { JobHandler } from "./job-handler.ts";

/**
 * Where a job goes in line. Every job someone waits on goes before any `background` one (the
 * free cut-out after an upload). Among those, the lower `place` first: how many jobs of the
 * same user were already waiting when it was accepted, so one user's batch of twenty never
 * holds back another user's single job. Then in the order handed over.
 */
export type DispatchOrder = { background?: boolean; place?: number };

/** The order a job recovered by the sweep goes back in line with. */
export function orderOf(job: { kind: JobKind }): DispatchOrder {
  return { background: isBackgroundJob(job.kind) };
}

/** How accepted jobs reach a worker: in this process, or through a queue to worker processes. */
export type JobDriver = {
  id: "inline" | "bullmq";
  /** Whether a job handed over now can reach the workers; asked before anything is charged. */
  accepting(): boolean | Promise<boolean>;
  /** Hands a committed job to the workers; handing the same job twice runs it once. */
  dispatch(jobId: string, order?: DispatchOrder): Promise<void>;
  /** Rejects when the queue does not answer (for the health check); absent when in-process. */
  ping?(): Promise<void>;
  close(): Promise<void>;
};

/** Fails, with a refund, the jobs that waited in line too long; logs what it cannot do. */
export async function expireOverdueJobs(runner: JobHandler, logger: Logger): Promise<number> {
  try {
    return await runner.expireOverdue();
  } catch (error) {
    logger.error("Could not end jobs that waited too long", { error });
    return 0;
  }
}

/**
 * Finds jobs nobody works on (never handed over, or left by a crashed worker) and resumes
 * them, or ends them when they have used up their attempts or waited in line too long:
 * nothing stays stuck, and nothing that never ran is charged.
 */
export async function sweepOrphans(
  runner: JobHandler,
  driver: Pick<JobDriver, "accepting" | "dispatch">,
  logger: Logger,
): Promise<number> {
  let handled = await expireOverdueJobs(runner, logger);
  let orphans: Awaited<ReturnType<JobHandler["orphans"]>>;
  try {
    orphans = await runner.orphans();
  } catch (error) {
    logger.error("Could not look for jobs to recover", { error });
    return handled;
  }
  for (const job of orphans) {
    const abandoned = job.status === "processing" && job.attempts >= runner.timings.maxAttempts;
    // With the queue away, jobs wait in the database for the next sweep (or expire there).
    if (!abandoned && !(await driver.accepting())) continue;
    try {
      if (abandoned) await runner.abandon(job);
      else await driver.dispatch(job.id, orderOf(job));
      handled += 1;
    } catch (error) {
      logger.error("Could not recover a job", { jobId: job.id, error: describeError(error) });
      if (!abandoned) break;
    }
  }
  return handled;
}

/** Sweeps now and then every `intervalMs`, until stopped. A failed sweep waits for the next. */
export function startSweeping(sweep: () => Promise<unknown>, intervalMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await sweep();
    } catch {
      // The sweep logs its own failures; the next tick tries again.
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
