import type { Logger } from "../lib/logger.ts";
import type { JobRunner } from "./job-runner.ts";

/** How accepted jobs reach a worker: in this process, or through a queue to worker processes. */
export type JobDriver = {
  id: "inline" | "bullmq";
  /** Hands a committed job to the workers; handing the same job twice runs it once. */
  dispatch(jobId: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * Finds jobs nobody works on (never handed over, or left by a crashed worker) and resumes
 * them, or ends them when they have used up their attempts: nothing stays stuck.
 */
export async function sweepOrphans(
  runner: JobRunner,
  dispatch: (jobId: string) => Promise<void>,
  logger: Logger,
): Promise<number> {
  let handled = 0;
  let orphans: Awaited<ReturnType<JobRunner["orphans"]>>;
  try {
    orphans = await runner.orphans();
  } catch (error) {
    logger.error("Could not look for jobs to recover", { error });
    return 0;
  }
  for (const job of orphans) {
    try {
      if (job.status === "processing" && job.attempts >= runner.timings.maxAttempts) {
        await runner.abandon(job);
      } else {
        await dispatch(job.id);
      }
      handled += 1;
    } catch (error) {
      logger.error("Could not recover a job", { jobId: job.id, error });
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
