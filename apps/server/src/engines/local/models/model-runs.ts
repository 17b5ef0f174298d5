import PQueue from "p-queue";

/**
 * How soon a model run gets its turn: a paid job's runs before any `background` run still
 * waiting (the free cut-out made after an upload), each kind in the order queued.
 */
export type RunPriority = "job" | "background";

const PRIORITY: Record<RunPriority, number> = { job: 1, background: 0 };

/**
 * One queue for every model run of this process (ISNet cut-outs and ESRGAN tiles): two runs at
 * once would only fight over the two cores, and their working memory would add up.
 */
const queue = new PQueue({ concurrency: 1 });
let lastModel: string | undefined;
const releasers = new Map<string, () => void>();

/**
 * Asks that `release` be called when a run of another model takes the queue after one of
 * `model`'s: a model whose session keeps memory between runs gives it back before the other's
 * peak instead of adding to it.
 */
export function releaseWhenAnotherModelRuns(model: string, release: () => void): void {
  releasers.set(model, release);
}

/**
 * Runs `work` for `model` once the runs queued before it at its priority or above are done,
 * whatever became of those. A run already started is never interrupted.
 */
export function queueModelRun<T>(
  model: string,
  work: () => Promise<T>,
  priority: RunPriority = "job",
): Promise<T> {
  return queue.add(
    () => {
      if (lastModel !== undefined && lastModel !== model) releasers.get(lastModel)?.();
      lastModel = model;
      return work();
    },
    { priority: PRIORITY[priority], throwOnTimeout: true },
  );
}
