import { Worker } from "node:worker_threads";

/**
 * Samples the process's RSS every 25 ms from a worker thread, so the samples keep coming while
 * the main thread is busy in a long synchronous pixel loop. The running maximum is shared
 * through a SharedArrayBuffer.
 */
const SAMPLER = `
const { workerData } = require("node:worker_threads");
const peak = new Float64Array(workerData);
const sample = () => { const rss = process.memoryUsage.rss(); if (rss > peak[0]) peak[0] = rss; };
sample();
setInterval(sample, 25);
`;

export type RssSampler = { peak(): number; stop(): Promise<void> };

export function startRssSampler(): RssSampler {
  const shared = new SharedArrayBuffer(8);
  const peak = new Float64Array(shared);
  peak[0] = process.memoryUsage.rss();
  const worker = new Worker(SAMPLER, { eval: true, workerData: shared });
  worker.unref();
  return {
    peak: () => Math.max(peak[0] ?? 0, process.memoryUsage.rss()),
    stop: async () => {
      await worker.terminate();
    },
  };
}

/** The kernel's own high-water mark of the process's RSS, in bytes (a cross-check). */
export function maxRssHighWater(): number {
  return process.resourceUsage().maxRSS * 1024;
}
