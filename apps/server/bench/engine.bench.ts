/**
 * `npm run bench`: times the offline `local` engine on the fixture photos at about 1 MP and
 * 4 MP and prints medians against the targets of issue 7 point 7. Options: `--runs N` (default
 * 3), `--quick` (1 run on one photo), `--json` (machine-readable results only), `--product`
 * (the product's path, product-path.bench.ts), `--studio` (its studio leg alone, N rounds).
 */
import { cpus, loadavg, totalmem } from "node:os";
import { GENERATION_DEFAULTS, UPSCALE_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import type { JobContext } from "../src/engines/image-engine.ts";
import { decodeImage, encodeResult } from "../src/engines/local/common/index.ts";
import { composite, layoutSubject } from "../src/engines/local/composite/index.ts";
import { createIsnetCutout, cutOut } from "../src/engines/local/cutout/index.ts";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { isnetSession } from "../src/engines/local/models/index.ts";
import { planScene, renderScene } from "../src/engines/local/scene/index.ts";
import { checkTarget, median, parseBenchArgs } from "../src/lib/bench-stats.ts";
import { loadPhoto, PHOTOS, SIZES, type SizeLabel } from "./photos.ts";
import { printReport, type Report, STAGES, type Stage } from "./report.ts";
import { maxRssHighWater, startRssSampler } from "./rss.ts";

const args = parseBenchArgs(process.argv.slice(2));
const log = (line: string) => {
  if (!args.json) process.stderr.write(`${line}\n`);
};
if (args.studio) {
  const { studioPathBench } = await import("./product-path.bench.ts");
  const result = await studioPathBench(args.runs, log);
  if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}
if (args.product) {
  const { productPathBench } = await import("./product-path.bench.ts");
  const result = await productPathBench(args.runs, log);
  if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}
const SEED = 7;
const MIB = 1024 * 1024;

const rssBeforeModel = process.memoryUsage.rss();
const loadAtStart = loadavg()[0] ?? 0;
const sampler = startRssSampler();
const ctx: JobContext = { signal: new AbortController().signal, reportStage: () => undefined };
const engine = createLocalEngine();
const cutout = createIsnetCutout();

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

const [, modelLoadMs] = await timed(() => isnetSession());
const rssAfterModel = process.memoryUsage.rss();
log(`model loaded in ${Math.round(modelLoadMs)} ms`);

const photos = args.quick ? PHOTOS.slice(0, 1) : PHOTOS;
const inputs = await Promise.all(
  SIZES.flatMap((size) =>
    photos.map(async (photo) => ({
      ...photo,
      size: size.label,
      image: await loadPhoto(photo.file, size.pixels),
    })),
  ),
);

// The first inference allocates and tunes; it is reported on its own, not in the medians.
const firstInput = inputs[0];
if (!firstInput) throw new Error("No fixture photos");
const [, firstCutoutMs] = await timed(async () =>
  cutOut(cutout, await decodeImage(firstInput.image.bytes)),
);
log(`first (warm-up) cut-out in ${Math.round(firstCutoutMs)} ms`);

const samples = Object.fromEntries(
  STAGES.map(({ key }): [Stage, Record<SizeLabel, number[]>] => [key, { "1 MP": [], "4 MP": [] }]),
) as Record<Stage, Record<SizeLabel, number[]>>;

for (let run = 1; run <= args.runs; run++) {
  for (const input of inputs) {
    const add = (stage: Stage, ms: number) => samples[stage][input.size].push(ms);
    const { image, prompt, size } = input;
    const [decoded, decodeMs] = await timed(() => decodeImage(image.bytes));
    add("decode", decodeMs);
    const [subject, cutoutMs] = await timed(() => cutOut(cutout, decoded));
    add("cutout", cutoutMs);

    // The scene exactly as composite() renders it: same plan, layout and seed.
    const plan = planScene(prompt);
    const { width, height } = subject;
    const { geometry } = await layoutSubject(subject, plan.camera);
    const [, sceneMs] = await timed(() => renderScene(plan, geometry, SEED));
    add("scene", sceneMs);
    // composite() renders the scene itself and returns a lazy pipeline: the blending happens
    // when it is encoded, so the encode is part of the composite's time.
    const [, composedMs] = await timed(async () =>
      encodeResult(await composite(subject, plan, SEED), { opaque: true, pixels: width * height }),
    );
    add("composedWithScene", composedMs);
    add("composite", composedMs - sceneMs);

    const generate = (method: "realtime" | "queue") =>
      timed(() =>
        engine.generate(
          { image, prompt, options: { ...GENERATION_DEFAULTS }, method, seed: SEED },
          ctx,
        ),
      );
    const [result, realtimeMs] = await generate("realtime");
    add("generateRealtime", realtimeMs);
    const [, queueMs] = await generate("queue");
    add("generateQueue", queueMs);

    // What every later generation of an upload costs once its cut-out is made.
    const [made, uploadCutoutMs] = await timed(async () => engine.cutOut?.({ image }, ctx));
    add("uploadCutout", uploadCutoutMs);
    const [, regenerateMs] = await timed(() =>
      engine.generate(
        {
          image,
          prompt,
          options: { ...GENERATION_DEFAULTS },
          method: "realtime",
          seed: SEED,
          ...(made ? { cutout: made } : {}),
        },
        ctx,
      ),
    );
    add("regenerate", regenerateMs);

    if (size === "1 MP") {
      const [, upscaleMs] = await timed(() =>
        engine.upscale({ image: result, options: { ...UPSCALE_DEFAULTS } }, ctx),
      );
      add("upscale", upscaleMs);
    }
    log(
      `run ${run}/${args.runs} ${input.file} ${image.width}x${image.height}: ` +
        `cut-out ${Math.round(cutoutMs)} ms, generate ${Math.round(realtimeMs)} / ${Math.round(queueMs)} ms, ` +
        `with the upload's cut-out ${Math.round(regenerateMs)} ms`,
    );
  }
}

const peakRss = sampler.peak();
await sampler.stop();

const medians = Object.fromEntries(
  STAGES.map(({ key }) => [
    key,
    { "1 MP": median(samples[key]["1 MP"]), "4 MP": median(samples[key]["4 MP"]) },
  ]),
) as Report["medians"];

const report: Report = {
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${process.platform}-${process.arch}`,
    node: process.version,
    sharp: sharp.versions.sharp ?? "unknown",
    vips: sharp.versions.vips,
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
  },
  runs: args.runs,
  photos: inputs.map(({ file, size, image }) => ({
    file,
    size,
    width: image.width,
    height: image.height,
  })),
  modelLoadMs,
  firstCutoutMs,
  medians,
  samples,
  memory: {
    rssBeforeModelMiB: rssBeforeModel / MIB,
    rssAfterModelMiB: rssAfterModel / MIB,
    peakRssMiB: peakRss / MIB,
    kernelMaxRssMiB: maxRssHighWater() / MIB,
  },
  targets: [
    checkTarget("generate, realtime, 1 MP", medians.generateRealtime["1 MP"], 3000, "ms"),
    checkTarget("generate, queue, 1 MP", medians.generateQueue["1 MP"], 8000, "ms"),
    checkTarget(
      "generate, realtime, 1 MP, upload's cut-out ready",
      medians.regenerate["1 MP"],
      1500,
      "ms",
    ),
    checkTarget("upscale 1 MP → 4 MP", medians.upscale["1 MP"], 10_000, "ms"),
    checkTarget("peak RSS", peakRss / MIB, 1536, "MiB"),
  ],
};
if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
else printReport(report);
