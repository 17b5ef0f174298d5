/**
 * `npm run bench -- --product`: the product's path on a booted server, over HTTP, beside the
 * engine's own time. A subscriber presses Generate with each fixture photo at about 1 MP: the
 * studio uploads it, starts the job (`POST /api/fal/process`) and waits for the record's
 * completion event, all timed from the press; the same photo then
 * goes through the engine's `generate()` directly. The difference is the product's overhead:
 * the job's way through the driver, the worker thread, storage and the event stream. Then the
 * studio itself in Chromium (studio-browser.ts): the press on Generate to the result on screen.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GENERATION_DEFAULTS, TOKEN_COSTS } from "@backdrop/shared";
import { serve } from "@hono/node-server";
import { createApp } from "../src/app.ts";
import { loadEnv } from "../src/config/index.ts";
import { createContainer } from "../src/container.ts";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { median } from "../src/lib/bench-stats.ts";
import { migrate } from "../src/repositories/migrations/index.ts";
import { freePort } from "../test/helpers/free-port.ts";
import { loadPhoto, PHOTOS } from "./photos.ts";
import {
  buyTokens,
  recordEnds,
  recordWhen,
  type Session,
  signedInUser,
  startProcessing,
  subscribe,
  upload,
} from "./product-client.ts";
import { studioBrowserLeg } from "./studio-browser.ts";

/** The product path may cost this much more than the engine's own work (issue 13). */
const OVERHEAD_LIMIT_MS = 500;
/** A realtime generation of an upload whose cut-out is ready, process to record (issue 14). */
const REGENERATION_LIMIT_MS = 1500;
const METHOD = "realtime";
/** Presses per photo in the studio leg: one each gave a median of three, too few to trust. */
const STUDIO_ROUNDS = 3;

/**
 * Generations of uploads whose cut-out is ready ("Subject ready" in the studio): each photo
 * uploaded, its cut-out awaited, then timed from process to the completed record.
 */
async function regenerationLeg(user: Session, runs: number, log: (line: string) => void) {
  const samples: number[] = [];
  for (let run = 1; run <= runs; run++) {
    for (const photo of PHOTOS) {
      const image = await loadPhoto(photo.file, 1_000_000, 100 + run);
      const uploaded = await upload(user, image.bytes, image.contentType);
      const recordId = uploaded.savedBaseImage._id;
      await recordWhen(user, recordId, (record) => record.cutoutImage !== null);
      const ended = recordEnds(user, recordId);
      const started = performance.now();
      await startProcessing(user, uploaded, photo.prompt, METHOD);
      const record = await ended;
      const ms = performance.now() - started;
      if (record.status !== "completed") throw new Error(`job failed: ${record.error}`);
      log(`${photo.file}, cut-out ready: process to completed record ${Math.round(ms)} ms`);
      samples.push(ms);
    }
  }
  return median(samples);
}

/** The studio's own leg, by a second subscriber, with `rounds` presses per photo. */
async function studioLeg(base: string, log: (line: string) => void, rounds = 1) {
  const user = await signedInUser(base);
  await subscribe(user, "elite");
  // A plan's month lasts about 25 presses at 1 MP: the leg buys what its presses spend.
  const spent = (rounds * PHOTOS.length + 1) * TOKEN_COSTS.generationPerMegapixel;
  for (let bought = 0; bought < spent; bought += 1000) {
    await buyTokens(user, 1000);
  }
  const photos = await Promise.all(
    PHOTOS.map(async ({ file, prompt }) => {
      const image = await loadPhoto(file, 1_000_000);
      return { name: file, bytes: image.bytes, contentType: image.contentType, prompt };
    }),
  );
  return studioBrowserLeg(user, photos, log, rounds);
}

/** The studio leg's line of the table, and the page's own median marks under it. */
function logStudio(
  studio: NonNullable<Awaited<ReturnType<typeof studioLeg>>>,
  log: (line: string) => void,
) {
  const of = (pick: (sample: (typeof studio.samples)[number]) => number | undefined) =>
    Math.round(median(studio.samples.map(pick).filter((ms) => ms !== undefined)));
  log(
    `| studio in Chromium, subject ready, click to result | ${Math.round(studio.clickToResultMs)} |`,
  );
  log(`| in the page: completion event | ${of((s) => s.completedEvent)} |`);
  log(`| in the page: Download shown | ${of((s) => s.download)} |`);
  log(`| in the page: result image read | ${of((s) => s.imageFetched)} |`);
  log(`| in the page: result image drawn | ${of((s) => s.drawn)} |`);
  log(`| result image, KiB | ${of((s) => (s.imageBytes ?? 0) / 1024)} |`);
}

/** The product booted in this process on a free port, as the product path runs it. */
async function bootProduct() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), "backdrop-bench-")),
    AUTH_RATE_LIMIT: "1000/60",
    UPLOAD_RATE_LIMIT: "1000/60",
  });
  const container = createContainer(env);
  await migrate(container.database);
  container.jobs.startServer();
  const server = serve({ fetch: createApp(container).fetch, hostname: "127.0.0.1", port });
  const stop = async () => {
    server.close();
    await container.close();
  };
  return { base, container, stop };
}

/** `--studio`: the studio leg alone, `rounds` presses per photo, on the product's real path. */
export async function studioPathBench(rounds: number, log: (line: string) => void) {
  const { base, stop } = await bootProduct();
  try {
    const studio = await studioLeg(base, log, rounds);
    if (studio) {
      log("");
      logStudio(studio, log);
    }
    return { studio };
  } finally {
    await stop();
  }
}

export async function productPathBench(runs: number, log: (line: string) => void) {
  const { base, container, stop } = await bootProduct();
  const engine = createLocalEngine();
  const ctx = { signal: new AbortController().signal, reportStage: () => undefined };

  try {
    const user = await signedInUser(base);
    await subscribe(user, "elite");
    const samples: {
      photo: string;
      productMs: number;
      engineMs: number;
      jobMs: number;
      uploadMs: number;
    }[] = [];
    // The first job starts the worker thread and loads the model: timed, not in the medians.
    for (let run = 0; run <= runs; run++) {
      for (const photo of PHOTOS) {
        // A photo never uploaded before: its cut-out is made, not copied.
        const image = await loadPhoto(photo.file, 1_000_000, run + 1);
        const started = performance.now();
        const uploaded = await upload(user, image.bytes, image.contentType);
        const uploadMs = performance.now() - started;
        const recordId = uploaded.savedBaseImage._id;
        const ended = recordEnds(user, recordId);
        await startProcessing(user, uploaded, photo.prompt, METHOD);
        const record = await ended;
        const productMs = performance.now() - started;
        if (record.status !== "completed") throw new Error(`job failed: ${record.error}`);
        const job = await container.database.db
          .selectFrom("image_jobs")
          .select(["created_at", "started_at", "updated_at"])
          .where("record_id", "=", recordId)
          .executeTakeFirstOrThrow();
        const jobMs = Number(job.updated_at) - Number(job.started_at ?? job.created_at);
        const engineStart = performance.now();
        await engine.generate(
          {
            image,
            prompt: photo.prompt,
            options: { ...GENERATION_DEFAULTS },
            method: METHOD,
            seed: 7,
          },
          ctx,
        );
        const engineMs = performance.now() - engineStart;
        const line = `${photo.file}: product ${Math.round(productMs)} ms, upload ${Math.round(uploadMs)} ms, job ${Math.round(jobMs)} ms, engine ${Math.round(engineMs)} ms`;
        if (run === 0 && photo === PHOTOS[0]) {
          log(`first job (thread start and model load): ${line}`);
          continue;
        }
        log(line);
        samples.push({ photo: photo.file, productMs, engineMs, jobMs, uploadMs });
      }
    }
    const product = median(samples.map((s) => s.productMs));
    const engineOnly = median(samples.map((s) => s.engineMs));
    const job = median(samples.map((s) => s.jobMs));
    const uploadMs = median(samples.map((s) => s.uploadMs));
    const overhead = product - engineOnly;
    log("");
    log(`| product path, 1 MP ${METHOD}, median ms | ${Math.round(product)} |`);
    log(`| engine generate() alone                 | ${Math.round(engineOnly)} |`);
    log(`| upload, from the press to its answer     | ${Math.round(uploadMs)} |`);
    log(`| job, from start to its end in the record | ${Math.round(job)} |`);
    log(`| overhead (product − engine)             | ${Math.round(overhead)} |`);
    log(`| ratio product / engine                  | ${(product / engineOnly).toFixed(2)} |`);
    log(
      `overhead ${Math.round(overhead)} ms against ${OVERHEAD_LIMIT_MS} ms: ${overhead <= OVERHEAD_LIMIT_MS ? "PASS" : "MISS"}`,
    );
    const regeneration = await regenerationLeg(user, runs, log);
    const firstGeneration = median(samples.map((s) => s.productMs - s.uploadMs));
    log(`| just after upload, process to record      | ${Math.round(firstGeneration)} |`);
    log(`| with the cut-out ready, process to record | ${Math.round(regeneration)} |`);
    log(
      `| ratio just after upload / cut-out ready   | ${(firstGeneration / regeneration).toFixed(2)} |`,
    );
    log(
      `with the cut-out ready ${Math.round(regeneration)} ms against ${REGENERATION_LIMIT_MS} ms: ${regeneration <= REGENERATION_LIMIT_MS ? "PASS" : "MISS"}`,
    );
    const studio = await studioLeg(base, log, STUDIO_ROUNDS);
    if (studio) {
      logStudio(studio, log);
      log(
        `| studio overhead (studio − process to record) | ${Math.round(studio.clickToResultMs - regeneration)} |`,
      );
    }
    return {
      product,
      engine: engineOnly,
      upload: uploadMs,
      job,
      overhead,
      firstGeneration,
      regeneration,
      samples,
      studio,
    };
  } finally {
    await engine.close?.();
    await stop();
  }
}
