import { describe, expect, it } from "vitest";
import {
  checkTarget,
  formatNumber,
  formatTable,
  median,
  parseBenchArgs,
  sizeFor,
} from "./bench-stats.ts";

describe("bench helpers", () => {
  it.each([
    [[], Number.NaN],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])("median of %j is %d", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it("checks targets as upper limits, with the ratio", () => {
    expect(checkTarget("t", 1500, 3000, "ms")).toMatchObject({ ratio: 0.5, pass: true });
    expect(checkTarget("t", 3000, 3000, "ms").pass).toBe(true);
    expect(checkTarget("t", 4500, 3000, "ms")).toMatchObject({ ratio: 1.5, pass: false });
    expect(checkTarget("t", Number.NaN, 3000, "ms").pass).toBe(false);
  });

  it("formats numbers and tables", () => {
    expect(formatNumber(12345.6)).toBe("12,346");
    expect(formatNumber(Number.NaN)).toBe("–");
    expect(
      formatTable(
        ["stage", "1 MP"],
        [
          ["cut-out", "2,010"],
          ["scene", "95"],
        ],
      ),
    ).toBe(["stage     1 MP", "-------  -----", "cut-out  2,010", "scene       95"].join("\n"));
  });

  it("parses the arguments", () => {
    expect(parseBenchArgs([])).toEqual({
      runs: 3,
      quick: false,
      json: false,
      product: false,
      studio: false,
    });
    expect(parseBenchArgs(["--product"]).product).toBe(true);
    expect(parseBenchArgs(["--studio"]).studio).toBe(true);
    expect(parseBenchArgs(["--runs", "5", "--json"])).toEqual({
      runs: 5,
      quick: false,
      json: true,
      product: false,
      studio: false,
    });
    expect(parseBenchArgs(["--runs=2"]).runs).toBe(2);
    expect(parseBenchArgs(["--quick", "--runs", "4"])).toMatchObject({ runs: 1, quick: true });
    expect(() => parseBenchArgs(["--runs", "0"])).toThrow();
    expect(() => parseBenchArgs(["--fast"])).toThrow();
  });

  it("sizes photos to about a pixel count within the side limit", () => {
    expect(sizeFor(600, 400, 1_000_000, 2048)).toEqual({ width: 1225, height: 816 });
    expect(sizeFor(512, 512, 4_000_000, 2048)).toEqual({ width: 2000, height: 2000 });
    expect(sizeFor(600, 400, 4_000_000, 2048)).toEqual({ width: 2048, height: 1365 });
  });
});
