/** Redis unreachable from the start, or stopping and returning; every worker down. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, jobsOf, total } from "../lib/db.ts";
import { waitHealthy } from "../lib/health.ts";
import { errorOf, request, sleep } from "../lib/http.ts";
import { type Instance, type OwnRedis, withInstance, withOwnRedis } from "../lib/instance.ts";
import type { Plan } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import {
  bullmq,
  ended,
  jobsAccountedFor,
  M,
  onePhotos,
  scenario,
  startPaid,
  waitJobs,
  waitProcessing,
} from "./common.ts";

/** The first stack-trace line of a log ("" when there is none). */
const stackLine = (log: string) => log.split("\n").find((l) => /^\s+at /.test(l)) ?? "";

async function redisClosed(inst: Instance, cases: Cases) {
  const user = await A.subscriber(inst, "closed", "pro");
  const [uploaded] = await onePhotos(inst, user, 1);
  const health = await request(inst.url, "/api/health");
  cases.status("/api/health answers 503", health, 503);
  cases.check(
    "health names the job queue",
    errorOf(health).startsWith("Job queue unavailable"),
    errorOf(health),
  );
  const before = total(await balances(inst, user.id));
  const answer = await A.processImage(inst, user, uploaded as A.Uploaded);
  cases.status("process answers 503 at once", answer, 503, answer.ms < 4000);
  cases.check(
    "with the message that nothing was charged",
    errorOf(answer) === M.queueUnavailable,
    `${errorOf(answer)} (${answer.ms} ms)`,
  );
  cases.check(
    "no token moved and no job row",
    total(await balances(inst, user.id)) === before && (await jobsOf(inst, user.id)).length === 0,
    "",
  );
  const worker = await inst.startWorker();
  await sleep(20_000);
  cases.check(
    "a worker started against it keeps running",
    worker.child.exitCode === null,
    `exit ${worker.child.exitCode}`,
  );
  const log = inst.logOf(worker);
  const waits = log.split("\n").filter((line) => line.includes("Redis unreachable"));
  const delays = waits.map((line) => /trying again in (\d+) s/.exec(line)?.[1]).join(",");
  cases.check(
    "one log line per back-off: 1 s, 2 s, 4 s, 8 s…",
    delays.startsWith("1,2,4,8"),
    `delays ${delays}`,
  );
  cases.check(
    "no more than one line per back-off in 20 s",
    waits.length <= 6,
    `${waits.length} lines`,
  );
  cases.check("no stack traces in the worker log", !/\n\s+at /.test(log), stackLine(log));
  const serverLog = inst.serverLogs();
  cases.check(
    "no stack traces in the server log",
    !/\n\s+at /.test(serverLog),
    stackLine(serverLog),
  );
  cases.check("the server stayed up", inst.isServerUp(), "");
}

async function redisStops(inst: Instance, cases: Cases, redis: OwnRedis) {
  const user = await A.subscriber(inst, "redis-stop", "pro");
  const uploads = await onePhotos(inst, user, 3);
  cases.status("healthy at first", await request(inst.url, "/api/health"), 200);
  const start = total(await balances(inst, user.id));
  const running = await startPaid(inst, user, uploads[0] as A.Uploaded);
  await waitProcessing(inst, user.id, running, 1);
  redis.stop();
  await sleep(3000);
  const health = await request(inst.url, "/api/health");
  cases.status(
    "health 503 while Redis is away",
    health,
    503,
    errorOf(health).startsWith("Job queue unavailable"),
  );
  const before = total(await balances(inst, user.id));
  const refused = await A.processImage(inst, user, uploads[1] as A.Uploaded);
  cases.status("process refused 503 at once while Redis is away", refused, 503, refused.ms < 4000);
  cases.check("nothing charged for it", total(await balances(inst, user.id)) === before, "");
  await sleep(10_000);
  redis.start();
  const back = await waitHealthy(inst, 60_000, 1000);
  cases.status("health back to 200 once Redis returns", back, 200);
  const accepted = await A.processImage(inst, user, uploads[2] as A.Uploaded);
  cases.status("a new job is accepted", accepted, 200);
  const jobs = await waitJobs(inst, user.id, (rows) => rows.length === 2 && ended(rows), 300_000);
  cases.check(
    "the job running during the outage and the new one both ended",
    ended(jobs) && jobs.length === 2,
    jobs.map((j) => `${j.status} ${j.error ?? ""}`).join(","),
  );
  cases.note(`Redis outage: ${jobs.map((j) => `${j.status} (${j.attempts} attempts)`).join(", ")}`);
  await cases.run("charged if completed, refunded if failed", () =>
    jobsAccountedFor(inst, user, start, jobs),
  );
  cases.check(
    "server and worker stayed up",
    inst.isServerUp() && inst.workers.every((w) => w.child.exitCode === null),
    "",
  );
}

async function noWorker(inst: Instance, cases: Cases) {
  const users: { user: User; start: number }[] = [];
  for (const plan of ["starter", "pro"] as const) {
    const user = await A.subscriber(inst, `nw-${plan}`, plan);
    const [uploaded] = await onePhotos(inst, user, 1);
    const start = total(await balances(inst, user.id));
    cases.status(
      `${plan}: accepted while no worker runs`,
      await A.processImage(inst, user, uploaded as A.Uploaded),
      200,
    );
    users.push({ user, start });
  }
  for (const { user, start } of users) {
    const jobs = await waitJobs(inst, user.id, ended, 90_000);
    cases.check(
      `${user.email.split("-")[1]}: failed with the time-out message`,
      jobs[0]?.status === "failed" && jobs[0].error === M.timedOut,
      `${jobs[0]?.status} ${jobs[0]?.error}`,
    );
    await cases.run(`${user.email.split("-")[1]}: refunded`, () =>
      jobsAccountedFor(inst, user, start, jobs),
    );
  }
  await inst.startWorker();
  await sleep(8000);
  for (const { user, start } of users) {
    const jobs = await jobsOf(inst, user.id);
    cases.check(
      "a worker arriving later does not run or refund the ended job again",
      jobs[0]?.status === "failed" && total(await balances(inst, user.id)) === start,
      `${jobs[0]?.status}`,
    );
  }
}

export function redisScenarios(): Plan[] {
  return [
    scenario(
      "REDIS_URL at a closed port: server + worker (pg-bullmq)",
      {
        label: "redis-closed",
        database: "postgres",
        redisUrl: "redis://127.0.0.1:6399",
        workers: 0,
      },
      redisClosed,
    ),
    {
      category: "faults",
      label: "Redis stops after a healthy start, then returns (pg-bullmq, own Redis :6390)",
      run: (cases) =>
        withOwnRedis(6390, (redis) =>
          withInstance(
            { label: "redis-stop", database: "postgres", redisUrl: redis.url, workers: 1 },
            (inst) => redisStops(inst, cases, redis),
          ),
        ),
    },
    scenario(
      "every worker down: jobs end at JOB_QUEUE_WAIT_LIMIT_SECONDS=20, refunded (pg-bullmq, no worker)",
      bullmq("no-worker", { JOB_QUEUE_WAIT_LIMIT_SECONDS: "20" }, 0),
      noWorker,
    ),
  ];
}
