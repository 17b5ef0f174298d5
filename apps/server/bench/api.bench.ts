/**
 * `npm run bench:api`: how fast the studio's poll is answered (issue 16, point 4). Boots the
 * product in a process of its own, makes a subscriber with a finished record (upload, cut-out,
 * generation), then loads `GET /api/health` and the poll (`GET /api/fal/images/:id` with the
 * session cookie) with autocannon at 32 connections, in turns, and takes each one's median
 * over the rounds, so a burst of other work on the machine sways one round, not the verdict.
 * The poll must serve at least half of health's rate with a p99 under 50 ms.
 *
 *   npm run bench:api                        # 3 rounds of 5 s per URL after a 3 s warm-up
 *   npm run bench:api -- --rounds 5 --duration 10
 *   npm run -s bench:api -- --json           # machine-readable, with every round
 *   npm run bench:api -- --server-dir /tmp/before/apps/server   # another copy, e.g. before a change
 */
import { cpus, loadavg } from "node:os";
import { formatTable, median } from "../src/lib/bench-stats.ts";
import { parseApiBenchArgs } from "./api-bench-args.ts";
import { type LoadResult, runLoad } from "./http-load.ts";
import { loadPhoto } from "./photos.ts";
import {
  recordEnds,
  recordWhen,
  type Session,
  signedInUser,
  startProcessing,
  subscribe,
  upload,
} from "./product-client.ts";
import { startProductProcess } from "./product-process.ts";

/** The poll must serve at least this share of /api/health's rate… */
const MIN_RATE_RATIO = 0.5;
/** …with its slowest 1% answered within this. */
const MAX_P99_MS = 50;
const WARM_UP_SECONDS = 3;

/** A subscriber's record as the studio polls it once a generation has finished. */
async function finishedRecord(user: Session): Promise<string> {
  await subscribe(user, "elite");
  const photo = await loadPhoto("coffee.png", 250_000, 1);
  const uploaded = await upload(user, photo.bytes, photo.contentType);
  const recordId = uploaded.savedBaseImage._id;
  await recordWhen(user, recordId, (record) => record.cutoutImage !== null);
  const ended = recordEnds(user, recordId);
  await startProcessing(user, uploaded, "on a marble counter in soft morning light", "realtime");
  const record = await ended;
  if (record.status !== "completed") throw new Error(`the generation failed: ${record.error}`);
  return recordId;
}

function assertClean(what: string, result: LoadResult): void {
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${what}: ${result.non2xx} answers outside 2xx, ${result.errors} errors`);
  }
}

/** Each figure's median over the rounds; the counts added up. */
function medianOf(results: readonly LoadResult[]): LoadResult {
  const of = (pick: (result: LoadResult) => number) => median(results.map(pick));
  const sum = (pick: (result: LoadResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  return {
    rate: of((r) => r.rate),
    p50Ms: of((r) => r.p50Ms),
    p99Ms: of((r) => r.p99Ms),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

const args = parseApiBenchArgs(process.argv.slice(2));
const log = args.json ? () => undefined : (line: string) => console.log(line);
const product = await startProductProcess({}, args.serverDir);
try {
  log(`Product booted at ${product.base}; making a subscriber with a finished record…`);
  const user = await signedInUser(product.base);
  const recordId = await finishedRecord(user);
  const healthUrl = `${product.base}/api/health`;
  const pollUrl = `${product.base}/api/fal/images/${recordId}`;
  const headers = { cookie: user.cookie };
  const first = await fetch(pollUrl, { headers });
  if (!first.ok) throw new Error(`the poll answered ${first.status}: ${await first.text()}`);
  const pollBytes = (await first.arrayBuffer()).byteLength;

  const { connections, durationSeconds, rounds } = args;
  const warmUp = { connections, durationSeconds: WARM_UP_SECONDS };
  log(
    `Warming up, then ${rounds} rounds of ${durationSeconds} s per URL at ${connections} connections…`,
  );
  await runLoad(healthUrl, warmUp);
  await runLoad(pollUrl, { ...warmUp, headers });
  const measured: { health: LoadResult; poll: LoadResult }[] = [];
  for (let round = 0; round < rounds; round++) {
    const health = await runLoad(healthUrl, { connections, durationSeconds });
    const poll = await runLoad(pollUrl, { connections, durationSeconds, headers });
    assertClean("/api/health", health);
    assertClean("the poll", poll);
    measured.push({ health, poll });
    log(`round ${round + 1}: poll / health ${(poll.rate / health.rate).toFixed(2)}`);
  }
  const health = medianOf(measured.map((round) => round.health));
  const poll = medianOf(measured.map((round) => round.poll));

  const ratio = poll.rate / health.rate;
  const ratioPass = ratio >= MIN_RATE_RATIO;
  const p99Pass = poll.p99Ms < MAX_P99_MS;
  const report = {
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
    },
    loadAverage: loadavg()[0] ?? 0,
    connections,
    durationSeconds,
    rounds: measured,
    pollAnswerBytes: pollBytes,
    health,
    poll,
    ratio,
    targets: {
      ratio: { min: MIN_RATE_RATIO, pass: ratioPass },
      p99Ms: { max: MAX_P99_MS, pass: p99Pass },
    },
    pass: ratioPass && p99Pass,
  };
  if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const row = (name: string, r: LoadResult) => [
      name,
      Math.round(r.rate).toLocaleString("en-US"),
      String(r.p50Ms),
      String(r.p99Ms),
    ];
    log("");
    log(
      formatTable(
        [`${connections} connections, median of ${rounds}`, "req/s", "p50 ms", "p99 ms"],
        [row("GET /api/health", health), row("GET /api/fal/images/:id (poll)", poll)],
      ),
    );
    log("");
    log(
      `poll / health rate ${ratio.toFixed(2)} (target ≥ ${MIN_RATE_RATIO}): ${ratioPass ? "PASS" : "FAIL"}`,
    );
    log(`poll p99 ${poll.p99Ms} ms (target < ${MAX_P99_MS} ms): ${p99Pass ? "PASS" : "FAIL"}`);
  }
  if (!report.pass) process.exitCode = 1;
} finally {
  await product.stop();
}
