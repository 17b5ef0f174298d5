import { formatNumber, formatTable, type TargetCheck } from "../src/lib/bench-stats.ts";
import type { SizeLabel } from "./photos.ts";

/** The timed stages, in the order the table shows them. */
export const STAGES = [
  { key: "decode", label: "decode (sharp)" },
  { key: "cutout", label: "cut-out (ISNet + matte)" },
  { key: "scene", label: "scene render" },
  { key: "composite", label: "composite + encode, excl. scene" },
  { key: "composedWithScene", label: "composite + encode, incl. scene" },
  { key: "generateRealtime", label: "generate, realtime (total)" },
  { key: "generateQueue", label: "generate, queue (total)" },
  { key: "uploadCutout", label: "upload's cut-out (background job)" },
  { key: "regenerate", label: "generate, realtime, with the upload's cut-out" },
  { key: "upscale", label: "upscale 2x (1 MP → 4 MP)" },
] as const;

export type Stage = (typeof STAGES)[number]["key"];

export type Report = {
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    platform: string;
    node: string;
    sharp: string;
    vips: string;
    /** The 1-minute load average when the bench started and ended: other work skews timings. */
    loadAverage: { start: number; end: number };
  };
  runs: number;
  photos: { file: string; size: SizeLabel; width: number; height: number }[];
  modelLoadMs: number;
  firstCutoutMs: number;
  medians: Record<Stage, Record<SizeLabel, number>>;
  samples: Record<Stage, Record<SizeLabel, number[]>>;
  memory: {
    rssBeforeModelMiB: number;
    rssAfterModelMiB: number;
    peakRssMiB: number;
    kernelMaxRssMiB: number;
  };
  targets: TargetCheck[];
};

export function printReport(report: Report): void {
  const { machine, memory } = report;
  const sizes = (label: SizeLabel) =>
    report.photos
      .filter((photo) => photo.size === label)
      .map((photo) => `${photo.width}×${photo.height}`)
      .join(", ");
  const lines = [
    "",
    `Backdrop local engine benchmark — ${machine.cpus} CPUs (${machine.cpuModel}), ` +
      `${machine.memoryGiB} GiB, ${machine.platform}, Node ${machine.node}, ` +
      `sharp ${machine.sharp} (libvips ${machine.vips})`,
    `1-minute load average: ${machine.loadAverage.start.toFixed(1)} at the start, ` +
      `${machine.loadAverage.end.toFixed(1)} at the end (above ${machine.cpus} means the CPUs were shared)`,
    `Medians of ${report.runs} run(s) over ${new Set(report.photos.map((p) => p.file)).size} photo(s), ms.`,
    `1 MP: ${sizes("1 MP")}; 4 MP: ${sizes("4 MP")}`,
    "",
    formatTable(
      ["stage", "1 MP", "4 MP"],
      STAGES.map(({ key, label }) => [
        label,
        formatNumber(report.medians[key]["1 MP"]),
        formatNumber(report.medians[key]["4 MP"]),
      ]),
    ),
    "",
    "Cut-out, scene and composite are timed by calling the engine's own functions; composite()",
    "renders its scene inside and blends lazily at encode, so 'excl. scene' is (composite + encode)",
    "minus the separately timed scene render of the same run. 'generate' goes through the engine's",
    "public generate(): decode, cut-out, composite and encode.",
    "",
    `model load (session create): ${formatNumber(report.modelLoadMs)} ms; ` +
      `first cut-out (warm-up, not in the medians): ${formatNumber(report.firstCutoutMs)} ms`,
    `RSS before the model loads: ${formatNumber(memory.rssBeforeModelMiB)} MiB; ` +
      `after: ${formatNumber(memory.rssAfterModelMiB)} MiB; ` +
      `peak (sampled every 25 ms): ${formatNumber(memory.peakRssMiB)} MiB; ` +
      `kernel max RSS: ${formatNumber(memory.kernelMaxRssMiB)} MiB`,
    "",
    formatTable(
      ["target", "limit", "measured", "ratio", "verdict"],
      report.targets.map((target) => [
        target.name,
        `${formatNumber(target.limit)} ${target.unit}`,
        `${formatNumber(target.measured)} ${target.unit}`,
        Number.isFinite(target.ratio) ? target.ratio.toFixed(2) : "–",
        target.pass ? "PASS" : "MISS",
      ]),
    ),
    "",
  ];
  process.stdout.write(lines.join("\n"));
}
