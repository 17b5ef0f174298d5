/** What `npm run bench:scale` prints: throughput per worker count, and how every job ended. */
import { formatTable } from "../src/lib/bench-stats.ts";
import type { BatchOutcome } from "./scale-batch.ts";

/** A worker count's timed generations, and (with the local helper) the uploads' cut-outs. */
export type ScaleRow = { workers: number; outcome: BatchOutcome; cutouts?: BatchOutcome };

/**
 * "Nearly in proportion": twice the workers give at least 1.7 times the throughput, four times
 * at least 3.2 times (85 % and 80 % of linear), more at least 80 % of linear.
 */
export function minimumSpeedup(workers: number, baseline: number): number {
  const linear = workers / baseline;
  return linear <= 2 ? 0.85 * linear : 0.8 * linear;
}

export const jobsPerSecond = (outcome: BatchOutcome) => outcome.jobs / (outcome.spanMs / 1000);

/** Every job of the batch completed: none failed, none timed out, none left waiting. */
export const allCompleted = (outcome: BatchOutcome) =>
  outcome.ended && outcome.counts.completed === outcome.jobs;

/** Every job of the round completed, the background cut-outs included. */
export const roundCompleted = (row: ScaleRow) =>
  allCompleted(row.outcome) && (!row.cutouts || allCompleted(row.cutouts));

const statusCells = ({ counts }: BatchOutcome) => [
  String(counts.completed),
  String(counts.failed),
  String(counts.timedOut),
  String(counts.queued + counts.processing),
];

/** The fal part's table; resolves to whether every worker count met its speedup. */
export function printScaling(rows: readonly ScaleRow[], log: (line: string) => void): boolean {
  const [base] = rows;
  if (!base) return false;
  const baseRate = jobsPerSecond(base.outcome);
  let pass = true;
  const cells = rows.map((row) => {
    const { workers, outcome } = row;
    const rate = jobsPerSecond(outcome);
    const speedup = rate / baseRate;
    const wanted = workers === base.workers ? undefined : minimumSpeedup(workers, base.workers);
    const ok = roundCompleted(row) && (wanted === undefined || speedup >= wanted);
    pass &&= ok;
    return [
      String(workers),
      (outcome.spanMs / 1000).toFixed(1),
      rate.toFixed(2),
      `${speedup.toFixed(2)}×`,
      wanted === undefined ? "baseline" : `≥ ${wanted.toFixed(2)}×`,
      ok ? "PASS" : "FAIL",
      String(Math.round(outcome.meanRunMs)),
      ...statusCells(outcome),
    ];
  });
  const header = ["workers", "s", "jobs/s", "speedup", "target", "result", "mean job ms"];
  log(formatTable([...header, "completed", "failed", "timed out", "unfinished"], cells));
  return pass;
}

/** The local part's lines; resolves to whether every generation completed. */
export function printLocalRun(
  generations: BatchOutcome,
  cutouts: BatchOutcome,
  log: (line: string) => void,
): boolean {
  const header = [
    "jobs",
    "count",
    "s",
    "mean job ms",
    "completed",
    "failed",
    "timed out",
    "unfinished",
  ];
  const row = (label: string, outcome: BatchOutcome) => [
    label,
    String(outcome.jobs),
    (outcome.spanMs / 1000).toFixed(1),
    String(Math.round(outcome.meanRunMs)),
    ...statusCells(outcome),
  ];
  log(
    formatTable(header, [
      row("generations", generations),
      row("upload cut-outs (background)", cutouts),
    ]),
  );
  const pass = allCompleted(generations);
  log(
    `local engine: ${generations.counts.completed} of ${generations.jobs} generations completed: ${pass ? "PASS" : "FAIL"}`,
  );
  return pass;
}
