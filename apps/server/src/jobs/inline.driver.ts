import PQueue from "p-queue";
import type { Logger } from "../lib/logger.ts";
import { type DispatchOrder, type JobDriver, startSweeping, sweepOrphans } from "./job-driver.ts";
import type { JobHandler } from "./job-handler.ts";

export type InlineDriver = JobDriver & {
  /** Starts running jobs here, first resuming those a previous process left behind. */
  start(): void;
};

/** p-queue runs higher priorities first. */
function inlinePriority({ background = false, place = 0 }: DispatchOrder): number {
  return background ? -BACKGROUND_PLACE : -place;
}

/** Behind any place a user's waiting jobs can take. */
const BACKGROUND_PLACE = 1_000_000;

/**
 * The default: jobs run in the server's own process, a few at a time, in the order handed,
 * in line as DispatchOrder says.
 */
export function createInlineDriver({
  runner,
  concurrency,
  sweepIntervalMs,
  logger,
}: {
  runner: JobHandler;
  concurrency: number;
  sweepIntervalMs: number;
  logger: Logger;
}): InlineDriver {
  const queue = new PQueue({ concurrency, autoStart: false });
  // Jobs waiting or running here: handing one over again while it is known is a no-op.
  const known = new Set<string>();
  let closed = false;
  let stopSweeping: (() => void) | null = null;

  async function dispatch(jobId: string, order: DispatchOrder = {}): Promise<void> {
    if (closed || known.has(jobId)) return;
    known.add(jobId);
    void queue
      .add(() => runner.run(jobId), { priority: inlinePriority(order) })
      .catch((error: unknown) => logger.error("Job runner failed", { jobId, error }))
      .finally(() => known.delete(jobId));
  }

  return {
    id: "inline",
    accepting: () => !closed,
    dispatch,
    start() {
      if (stopSweeping || closed) return;
      stopSweeping = startSweeping(
        () => sweepOrphans(runner, { accepting: () => !closed, dispatch }, logger),
        sweepIntervalMs,
      );
      queue.start();
    },
    /** Takes no more jobs (those waiting stay queued in the database); resolves once those running end. */
    async close() {
      closed = true;
      stopSweeping?.();
      queue.clear();
      await queue.onIdle();
    },
  };
}
