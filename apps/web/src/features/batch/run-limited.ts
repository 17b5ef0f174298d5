export type LimitedRunner = <T>(task: () => Promise<T>) => Promise<T>;

/** Runs the tasks handed to it at most `limit` at a time, in the order they were handed. */
export function runLimited(limit: number): LimitedRunner {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (running >= limit) return;
    const go = waiting.shift();
    if (!go) return;
    running += 1;
    go();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            next();
          });
      });
      next();
    });
}
