import type { DispatchOrder, JobDriver } from "../../src/jobs/job-driver.ts";
import type { JobHandler } from "../../src/jobs/job-handler.ts";

/**
 * Hand-overs that test a driver's order: Ada's batch of three, two uploads' cut-outs, and one
 * job each of Bob and Cleo handed over after them.
 */
const HAND_OVERS: [string, DispatchOrder | undefined][] = [
  ["cut-out 1", { background: true }],
  ["ada 1", { place: 0 }],
  ["ada 2", { place: 1 }],
  ["ada 3", { place: 2 }],
  ["cut-out 2", { background: true }],
  ["bob 1", { place: 0 }],
  ["cleo 1", undefined],
];

/** The order a fair driver runs them in: everyone's first waiting job, then the rest, then cut-outs. */
export const FAIR_ORDER = ["ada 1", "bob 1", "cleo 1", "ada 2", "ada 3", "cut-out 1", "cut-out 2"];

export async function handOverAll(driver: Pick<JobDriver, "dispatch">): Promise<void> {
  for (const [jobId, order] of HAND_OVERS) await driver.dispatch(jobId, order);
}

/** A job handler that only notes the ids it is asked to run, holding the ones `hold` names. */
export function recordingRunner(
  hold: (jobId: string) => Promise<void> | undefined = () => undefined,
) {
  const started: string[] = [];
  const runner: JobHandler = {
    run: async (jobId) => {
      started.push(jobId);
      await hold(jobId);
    },
    abandon: async () => false,
    expireOverdue: async () => 0,
    orphans: async () => [],
    timings: { maxAttempts: 2 },
  };
  return { runner, started };
}
