/** Pure helpers for `npm run bench:cutout`: one picture's scores, averaged by category. */
import type { MatteScores } from "./mask-metrics.ts";

export type ScoredCase = MatteScores & { category: string; ms: number; failed: boolean };

export type ScoreSummary = MatteScores & {
  /** A category, or "overall". */
  group: string;
  cases: number;
  /** Pictures where the cut-out found no subject (scored as an empty matte). */
  failed: number;
  /** Mean time per picture, milliseconds. */
  ms: number;
};

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function summarise(group: string, cases: readonly ScoredCase[]): ScoreSummary {
  return {
    group,
    cases: cases.length,
    failed: cases.filter((c) => c.failed).length,
    iou: mean(cases.map((c) => c.iou)),
    boundaryF: mean(cases.map((c) => c.boundaryF)),
    leftovers: mean(cases.map((c) => c.leftovers)),
    ms: mean(cases.map((c) => c.ms)),
  };
}

/** Mean scores per category, in the order given, then over every picture ("overall"). */
export function summariseByCategory(
  categories: readonly string[],
  cases: readonly ScoredCase[],
): ScoreSummary[] {
  const rows = categories
    .map((category) =>
      summarise(
        category,
        cases.filter((c) => c.category === category),
      ),
    )
    .filter((row) => row.cases > 0);
  return [...rows, summarise("overall", cases)];
}
