/**
 * `npm run bench:scale`: proof that workers add up (issue 16 point 6). The product runs on a
 * fresh PostgreSQL database and Redis, its API server in this process and its workers as
 * processes of their own, with the fal engine against the fal emulator, which holds every reply
 * back by a fixed latency. For 1, 2 and 4 workers, a fixed batch of generations goes through
 * the API at once (after an untimed warm-up that gives each worker's slots a job); throughput is
 * timed from the first job accepted to the last one ended and must grow nearly in proportion,
 * with every job completed. Then, on the local engine, 20 generations queued at once must all
 * complete. Everything made is removed at the end, whatever happened.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startFalEmulator } from "../test/fal-emulator/fal-emulator.ts";
import { parseScaleArgs, type ScaleArgs } from "./scale-args.ts";
import { prepareUploads, pressGenerate, waitForBatch } from "./scale-batch.ts";
import { describeScaleEngine, type ScaleEngine, scaleEngineArgs } from "./scale-engine.ts";
import { startWorkers, type WorkerFleet } from "./scale-fleet.ts";
import {
  allCompleted,
  jobsPerSecond,
  printLocalRun,
  printScaling,
  roundCompleted,
  type ScaleRow,
} from "./scale-report.ts";
import { type BenchServer, startBenchServer } from "./scale-server.ts";
import { deleteRedisKeys, freshPostgres } from "./scale-services.ts";

/** The tests' variables and their defaults in CI (.ci/run): the same servers serve both. */
const ADMIN_DATABASE_URL =
  // biome-ignore lint/style/noProcessEnv: a bench script, configured as the tests are
  process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
// biome-ignore lint/style/noProcessEnv: a bench script, configured as the tests are
const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const FAL_KEY = "bench-scale-key";
/** Small photos keep the emulator's and the worker's own image work small beside the latency. */
const FAL_PIXELS = 250_000;
const LOCAL_PIXELS = 1_000_000;
/** Jobs are spread over several users, so no one user's place in line orders the batch. */
const USERS = 4;
const BATCH_DEADLINE_MS = 10 * 60_000;
/** fal's client asks a queued request's status every second (the engine's default). */
const FAL_POLL_MS = 1_000;

const log = (line: string) => console.log(line);

/** What the run made, undone last first; each undo runs once. */
const undos: Array<() => Promise<unknown>> = [];
function onCleanUp(undo: () => Promise<unknown>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await undo().catch((error: unknown) => console.error(`clean-up: ${String(error)}`));
  };
  undos.push(once);
  return once;
}
async function cleanUp() {
  for (const undo of undos.reverse()) await undo();
}

type Shared = { env: Record<string, string>; server: BenchServer };

async function withWorkers<T>(
  count: number,
  env: Record<string, string>,
  args: string[],
  work: (fleet: WorkerFleet) => Promise<T>,
): Promise<T> {
  const fleet = await startWorkers(count, env, args);
  const stop = onCleanUp(() => fleet.stop());
  try {
    return await work(fleet);
  } finally {
    await stop();
  }
}

async function falRound(
  { env, server }: Shared,
  workers: number,
  args: ScaleArgs,
  engine: ScaleEngine,
): Promise<ScaleRow> {
  const db = server.container.database.db;
  const slots = workers * args.concurrency;
  const prepared = await prepareUploads(
    server.base,
    USERS,
    Math.ceil((slots + args.jobs) / USERS),
    FAL_PIXELS,
  );
  const warmUp = prepared.slice(0, slots);
  const batch = prepared.slice(slots, slots + args.jobs);
  return withWorkers(workers, env, scaleEngineArgs(engine), async (fleet) => {
    await pressGenerate(warmUp);
    const warm = await waitForBatch(db, warmUp, "generate", BATCH_DEADLINE_MS);
    if (!allCompleted(warm)) log(`warm-up did not complete:\n${fleet.output()}`);
    await pressGenerate(batch);
    const outcome = await waitForBatch(db, batch, "generate", BATCH_DEADLINE_MS);
    log(
      `${workers} worker(s): ${outcome.jobs} jobs in ${(outcome.spanMs / 1000).toFixed(1)} s, ${jobsPerSecond(outcome).toFixed(2)} jobs/s`,
    );
    // With the helper each upload also queued its cut-out, behind every generation.
    const cutouts = engine.withLocalHelper
      ? await waitForBatch(db, [...warmUp, ...batch], "cutout", BATCH_DEADLINE_MS)
      : undefined;
    if (cutouts) {
      const { completed, failed } = cutouts.counts;
      log(`  upload cut-outs: ${completed} of ${cutouts.jobs} completed, ${failed} failed`);
    }
    if (!allCompleted(outcome) || (cutouts && !allCompleted(cutouts))) log(fleet.output());
    return { workers, outcome, ...(cutouts ? { cutouts } : {}) };
  });
}

async function falPart(baseEnv: Record<string, string>, args: ScaleArgs): Promise<boolean> {
  const emulator = await startFalEmulator({ key: FAL_KEY, latencyMs: args.latencyMs });
  onCleanUp(() => emulator.close());
  const engine = { emulatorUrl: emulator.baseUrl, withLocalHelper: args.withLocalHelper };
  const env = { ...baseEnv, IMAGE_ENGINE: "fal", JOB_CONCURRENCY: String(args.concurrency) };
  const server = await startBenchServer(env, engine);
  const closeServer = onCleanUp(() => server.close());
  const shared = { env: { ...env, APP_URL: server.base }, server };

  log("");
  log(`## fal engine: throughput per worker count`);
  log(`engine: ${describeScaleEngine(engine)}`);
  log(
    `fal emulator: ${args.latencyMs} ms fixed latency per call; a generation makes 8 calls and waits 2 status polls of ${FAL_POLL_MS} ms, about ${(8 * args.latencyMs + 2 * FAL_POLL_MS) / 1000} s of waiting`,
  );
  log(
    `batch: ${args.jobs} generations of ${FAL_PIXELS / 1e6} MP photos, queue method, over ${USERS} users, pressed at once after a warm-up of one job per worker slot; JOB_CONCURRENCY=${args.concurrency} per worker`,
  );
  const rows: ScaleRow[] = [];
  for (const workers of args.workers) {
    rows.push(await falRound(shared, workers, args, engine));
  }
  log("");
  const pass = printScaling(rows, log);
  log(
    `workers add up: ${pass ? "PASS" : "FAIL"}; no job failed or timed out: ${rows.every(roundCompleted) ? "yes" : "NO"}`,
  );
  await closeServer();
  return pass;
}

async function localPart(baseEnv: Record<string, string>, args: ScaleArgs): Promise<boolean> {
  const env = {
    ...baseEnv,
    IMAGE_ENGINE: "local",
    JOB_CONCURRENCY: String(args.localConcurrency),
  };
  const server = await startBenchServer(env, { withLocalHelper: false });
  const closeServer = onCleanUp(() => server.close());
  const db = server.container.database.db;

  log("");
  log(`## local engine: ${args.localJobs} generations queued at once`);
  log(
    `${args.localWorkers} worker(s), JOB_CONCURRENCY=${args.localConcurrency} each, ${LOCAL_PIXELS / 1e6} MP photos over ${USERS} users; each upload's cut-out ends first (the studio's "Subject ready")`,
  );
  const pass = await withWorkers(
    args.localWorkers,
    { ...env, APP_URL: server.base },
    [],
    async (fleet) => {
      const perUser = Math.ceil(args.localJobs / USERS);
      const prepared = (await prepareUploads(server.base, USERS, perUser, LOCAL_PIXELS)).slice(
        0,
        args.localJobs,
      );
      const cutouts = await waitForBatch(db, prepared, "cutout", BATCH_DEADLINE_MS);
      await pressGenerate(prepared);
      const generations = await waitForBatch(db, prepared, "generate", BATCH_DEADLINE_MS);
      const ok = printLocalRun(generations, cutouts, log);
      if (!ok) log(fleet.output());
      return ok;
    },
  );
  await closeServer();
  return pass;
}

async function main(): Promise<boolean> {
  const args = parseScaleArgs(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), "backdrop-bench-scale-"));
  onCleanUp(async () => rmSync(dataDir, { recursive: true, force: true }));
  const database = await freshPostgres(ADMIN_DATABASE_URL);
  onCleanUp(() => database.drop());
  const prefix = `bench-scale-${randomBytes(4).toString("hex")}`;
  onCleanUp(() => deleteRedisKeys(REDIS_URL, prefix));
  const baseEnv = {
    NODE_ENV: "development",
    DATABASE_URL: database.url,
    REDIS_URL,
    JOB_QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    FILES_DIR: join(dataDir, "files"),
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    FAL_KEY,
  };
  const cores = cpus();
  log(`# npm run bench:scale`);
  log(
    `machine: ${cores.length} cores (${cores[0]?.model ?? "?"}), load average ${(loadavg()[0] ?? 0).toFixed(2)}; PostgreSQL database ${database.name}, Redis prefix ${prefix}`,
  );
  const falPass = args.skipFal ? true : await falPart(baseEnv, args);
  const localPass = args.localJobs > 0 ? await localPart(baseEnv, args) : true;
  log("");
  log(`load average at the end ${(loadavg()[0] ?? 0).toFixed(2)}`);
  log(`bench:scale: ${falPass && localPass ? "PASS" : "FAIL"}`);
  return falPass && localPass;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(passed ? 0 : 1);
