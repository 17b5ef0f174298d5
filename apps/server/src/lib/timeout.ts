/**
 * `work`, or a rejection with `message` once `ms` have passed. The work itself goes on; its
 * late outcome is ignored, never left unhandled.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
