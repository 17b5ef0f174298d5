import type { Logger } from "../lib/logger.ts";
import { type JobDriver, startSweeping, sweepOrphans } from "./job-driver.ts";
import type { JobRunner } from "./job-runner.ts";

export type InlineDriver = JobDriver & {
  /** Starts running jobs here, first resuming those a previous process left behind. */
  start(): void;
  /** Resolves once no job is waiting or running here (tests wait on it). */
  idle(): Promise<void>;
};

/** The default: jobs run in the server's own process, a few at a time. */
export function createInlineDriver({
  runner,
  concurrency,
  sweepIntervalMs,
  logger,
}: {
  runner: JobRunner;
  concurrency: number;
  sweepIntervalMs: number;
  logger: Logger;
}): InlineDriver {
  const waiting: string[] = [];
  const known = new Set<string>();
  let running = 0;
  let started = false;
  let closed = false;
  let stopSweeping: (() => void) | null = null;
  let idleWaiters: Array<() => void> = [];

  function settleIdle(): void {
    if (running > 0 || waiting.length > 0) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  }

  function pump(): void {
    while (started && !closed && running < concurrency && waiting.length > 0) {
      const jobId = waiting.shift() as string;
      running += 1;
      void runner
        .run(jobId)
        .catch((error: unknown) => logger.error("Job runner failed", { jobId, error }))
        .finally(() => {
          running -= 1;
          known.delete(jobId);
          pump();
          settleIdle();
        });
    }
  }

  async function dispatch(jobId: string): Promise<void> {
    if (closed || known.has(jobId)) return;
    known.add(jobId);
    waiting.push(jobId);
    pump();
  }

  return {
    id: "inline",
    accepting: () => !closed,
    dispatch,
    start() {
      if (started) return;
      started = true;
      stopSweeping = startSweeping(
        () => sweepOrphans(runner, { accepting: () => !closed, dispatch }, logger),
        sweepIntervalMs,
      );
      pump();
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    async close() {
      closed = true;
      stopSweeping?.();
      waiting.length = 0;
      settleIdle();
    },
  };
}
