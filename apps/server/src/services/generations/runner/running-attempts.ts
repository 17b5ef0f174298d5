/** Why an attempt was stopped when its process hands it back rather than fails it. */
const HANDED_BACK = new Error("The job was handed back to the line");

/**
 * The attempts running in this process, so a shutdown can stop them and give their jobs back
 * to the line instead of failing them or holding them until their leases run out.
 */
export function createRunningAttempts() {
  const running = new Map<string, { controller: AbortController; settled: Promise<unknown> }>();
  return {
    /** Runs `work` as the attempt of `jobId`, stoppable through `controller`. */
    async track<T>(jobId: string, controller: AbortController, work: Promise<T>): Promise<T> {
      running.set(jobId, { controller, settled: work.catch(() => {}) });
      try {
        return await work;
      } finally {
        running.delete(jobId);
      }
    },
    /** Whether the attempt behind `signal` was stopped to be handed back. */
    handedBack: (signal: AbortSignal) => signal.aborted && signal.reason === HANDED_BACK,
    /** Stops every running attempt for hand-back; resolves once each has settled. */
    async handBackAll(): Promise<void> {
      const attempts = [...running.values()];
      for (const { controller } of attempts) controller.abort(HANDED_BACK);
      await Promise.all(attempts.map(({ settled }) => settled));
    },
  };
}
