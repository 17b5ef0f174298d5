/**
 * `npm run bench:cutout`: scores the offline engine's cut-out on the evaluation set
 * (bench/cutout-set): for each picture, the engine's own cut-out path (what an upload runs, and
 * what generations of both methods then reuse) against the subject's exact alpha. Prints IoU,
 * boundary F at 2 px, leftovers and the time per picture, by category and overall.
 */
import { mkdir } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import sharp from "sharp";
import { EngineError, type EngineImage, type JobContext } from "../src/engines/image-engine.ts";
import { cutoutFromPng } from "../src/engines/local/cutout/index.ts";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { isnetSession } from "../src/engines/local/models/index.ts";
import { formatTable } from "../src/lib/bench-stats.ts";
import { type ScoredCase, summariseByCategory } from "../src/lib/cutout-scores.ts";
import { scoreMatte } from "../src/lib/mask-metrics.ts";
import { parseCutoutBenchArgs } from "./cutout-args.ts";
import { type BuiltCase, buildCase, CATEGORIES, CUTOUT_CASES } from "./cutout-set/index.ts";

const args = parseCutoutBenchArgs(process.argv.slice(2));
const log = (line: string) => {
  if (!args.json) process.stderr.write(`${line}\n`);
};
const ctx: JobContext = { signal: new AbortController().signal, reportStage: () => undefined };
const engine = createLocalEngine();
const cutOut = engine.cutOut?.bind(engine);
if (!cutOut) throw new Error("The local engine has no cut-out");

/** The picture as a seller's photo arrives: a JPEG at quality 92. */
async function asUpload(built: BuiltCase): Promise<EngineImage> {
  const { width, height } = built;
  const bytes = await sharp(built.rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { bytes, contentType: "image/jpeg", width, height };
}

/** The engine's cut-out's alpha, or an empty matte when it finds no subject. */
async function predictedMatte(image: EngineImage): Promise<{ matte: Buffer; failed: boolean }> {
  try {
    const made = await cutOut?.({ image }, ctx);
    if (!made) throw new Error("No cut-out was made");
    return { matte: (await cutoutFromPng(made.bytes)).mask, failed: false };
  } catch (error) {
    if (error instanceof EngineError && error.failure === "no-subject") {
      return { matte: Buffer.alloc(image.width * image.height), failed: true };
    }
    throw error;
  }
}

async function save(dir: string, built: BuiltCase, matte: Buffer) {
  const { width, height } = built;
  const grey = (bytes: Buffer) => sharp(bytes, { raw: { width, height, channels: 1 } }).png();
  await sharp(built.rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(`${dir}/${built.id}.png`);
  await grey(built.truth).toFile(`${dir}/${built.id}-truth.png`);
  await grey(matte).toFile(`${dir}/${built.id}-cutout.png`);
}

const only = args.only?.toLowerCase();
const cases = CUTOUT_CASES.filter(
  (item) => !only || item.id.includes(only) || item.category.includes(only),
);
if (cases.length === 0) throw new Error(`No picture matches --only ${args.only}`);
if (args.save) await mkdir(args.save, { recursive: true });

const loadAtStart = loadavg()[0] ?? 0;
await isnetSession();
// The first inference allocates and tunes; it is left out of the times.
const first = cases[0];
if (first) await predictedMatte(await asUpload(await buildCase(first)));

const scored: (ScoredCase & { id: string })[] = [];
for (const item of cases) {
  const built = await buildCase(item);
  const image = await asUpload(built);
  const start = performance.now();
  const { matte, failed } = await predictedMatte(image);
  const ms = performance.now() - start;
  const scores = scoreMatte(matte, built.truth, built);
  scored.push({ id: item.id, category: item.category, ...scores, ms, failed });
  if (args.save) await save(args.save, built, matte);
  log(
    `${item.id}: IoU ${scores.iou.toFixed(3)}, F ${scores.boundaryF.toFixed(3)}, leftovers ${scores.leftovers.toFixed(3)}, ${Math.round(ms)} ms${failed ? " (no subject found)" : ""}`,
  );
}

const summary = summariseByCategory(CATEGORIES, scored);
const machine = {
  cpus: cpus().length,
  loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
};
if (args.json) {
  process.stdout.write(`${JSON.stringify({ machine, summary, cases: scored }, null, 2)}\n`);
} else {
  const rows = summary.map((row) => [
    row.group,
    `${row.cases}${row.failed ? ` (${row.failed} failed)` : ""}`,
    row.iou.toFixed(3),
    row.boundaryF.toFixed(3),
    row.leftovers.toFixed(3),
    Math.round(row.ms).toLocaleString("en-US"),
  ]);
  const header = ["category", "pictures", "IoU", "boundary F@2px", "leftovers", "ms/picture"];
  log("");
  log(formatTable(header, rows));
  log(
    `\n${machine.cpus} cores, load ${machine.loadAverage.start.toFixed(1)} → ${machine.loadAverage.end.toFixed(1)}`,
  );
}
