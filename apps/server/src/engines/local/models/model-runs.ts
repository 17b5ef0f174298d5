/**
 * One queue for every model run of this process (ISNet cut-outs and ESRGAN tiles): two runs at
 * once would only fight over the two cores, and their working memory would add up.
 */
let queue: Promise<unknown> = Promise.resolve();
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

/** Runs `work` for `model` after every run queued before it, whatever became of those. */
export function queueModelRun<T>(model: string, work: () => Promise<T>): Promise<T> {
  const run = queue.then(() => {
    if (lastModel !== undefined && lastModel !== model) releasers.get(lastModel)?.();
    lastModel = model;
    return work();
  });
  queue = run.catch(() => undefined);
  return run;
}
