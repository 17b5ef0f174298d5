import type { ImageJob } from "../repositories/image-jobs.repository.ts";

/**
 * What the drivers need from whoever runs jobs. The generation service implements it
 * (services/generations/runner/job-runner.ts); the drivers only hand it job ids and sweep
 * orphans.
 */
export type JobHandler = {
  /** Runs one job from its row to its end; a job already ended is left alone. */
  run(jobId: string): Promise<void>;
  /** Ends, with a refund, a job that keeps losing its worker. */
  abandon(job: ImageJob): Promise<boolean>;
  /** Fails, with a refund, the jobs that waited in line too long; answers how many. */
  expireOverdue(): Promise<number>;
  /** Jobs nobody works on: never handed over, or left by a crashed worker. */
  orphans(): Promise<ImageJob[]>;
  timings: { maxAttempts: number };
};
