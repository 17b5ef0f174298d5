/** Pure helpers for `npm run bench` (apps/server/bench): statistics, targets and tables. */

/** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}

export type TargetCheck = {
  name: string;
  measured: number;
  limit: number;
  unit: string;
  /** measured / limit: below 1 meets the target. */
  ratio: number;
  pass: boolean;
};

/** Compares a measurement with an upper limit. A missing (NaN) measurement never passes. */
export function checkTarget(name: string, measured: number, limit: number, unit: string) {
  const ratio = measured / limit;
  return { name, measured, limit, unit, ratio, pass: measured <= limit } satisfies TargetCheck;
}

/** Whole numbers with thousands separators; "–" for a missing value. */
export function formatNumber(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return "–";
  return Math.round(value).toLocaleString("en-US");
}

/**
 * A plain-text table: the first column left-aligned, the others right-aligned, each as wide as
 * its widest cell, with a rule under the header.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    widths
      .map((width, column) => {
        const cell = cells[column] ?? "";
        return column === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/**
 * `product`: time the product's HTTP path on a booted server instead of the engine alone;
 * `studio`: only its studio leg (a booted server, the studio in Chromium), `runs` rounds of it.
 */
export type BenchArgs = {
  runs: number;
  quick: boolean;
  json: boolean;
  product: boolean;
  studio: boolean;
};

/** `--runs N` (default 3), `--quick` (1 run on one photo), `--json`, `--product`, `--studio`. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { runs: 3, quick: false, json: false, product: false, studio: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--quick") args.quick = true;
    else if (arg === "--json") args.json = true;
    else if (arg === "--product") args.product = true;
    else if (arg === "--studio") args.studio = true;
    else if (arg === "--runs" || arg?.startsWith("--runs=")) {
      const value = arg === "--runs" ? argv[++i] : arg.slice("--runs=".length);
      const runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number ≥ 1`);
      args.runs = runs;
    } else
      throw new Error(
        `Unknown argument ${arg}; use --runs N, --quick, --json, --product or --studio`,
      );
  }
  if (args.quick) args.runs = 1;
  return args;
}

/** The size that keeps the aspect ratio, holds about `pixels` and fits within `maxSide`. */
export function sizeFor(width: number, height: number, pixels: number, maxSide: number) {
  const factor = Math.min(Math.sqrt(pixels / (width * height)), maxSide / Math.max(width, height));
  return { width: Math.round(width * factor), height: Math.round(height * factor) };
}
