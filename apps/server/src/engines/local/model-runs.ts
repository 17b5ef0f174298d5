/**
 * One queue for every model run of this process (ISNet cut-outs and ESRGAN tiles): two runs at
 * once would only fight over the two cores, and their working memory would add up.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every run queued before it, whatever became of those. */
export function queueModelRun<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}
