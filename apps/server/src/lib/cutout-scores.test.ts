import { describe, expect, it } from "vitest";
import { type ScoredCase, summariseByCategory } from "./cutout-scores.ts";

const scored = (category: string, iou: number, ms: number, failed = false): ScoredCase => ({
  category,
  iou,
  boundaryF: iou / 2,
  leftovers: 1 - iou,
  ms,
  failed,
});

describe("summariseByCategory", () => {
  it("averages each category in the order given, leaves out empty ones, then all pictures", () => {
    const rows = summariseByCategory(
      ["glass", "fur", "thin"],
      [scored("thin", 0.5, 100), scored("glass", 1, 300), scored("thin", 0.7, 200, true)],
    );
    expect(rows.map((row) => row.group)).toEqual(["glass", "thin", "overall"]);
    const [glass, thin, overall] = rows;
    expect(glass).toMatchObject({ cases: 1, failed: 0, iou: 1, boundaryF: 0.5, ms: 300 });
    expect(thin?.cases).toBe(2);
    expect(thin?.failed).toBe(1);
    expect(thin?.iou).toBeCloseTo(0.6, 10);
    expect(thin?.leftovers).toBeCloseTo(0.4, 10);
    expect(thin?.ms).toBe(150);
    expect(overall?.cases).toBe(3);
    expect(overall?.iou).toBeCloseTo(2.2 / 3, 10);
    expect(overall?.ms).toBe(200);
  });
});
