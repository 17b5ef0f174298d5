export type JobTimings = {
  /**
   * How long one attempt of a job may run, counted from when a worker starts it: past it, the
   * job fails with the time-out message. Waiting in line does not count.
   */
  timeLimitMs: number;
  /** How long a job may wait for its first start; past it, it fails unstarted (refunded). */
  queueWaitLimitMs: number;
  /** How long a worker's claim lasts without renewal; a crashed worker's job is free after it. */
  leaseMs: number;
  /** Attempts before a job that keeps losing its worker is failed (and refunded per plan). */
  maxAttempts: number;
};
