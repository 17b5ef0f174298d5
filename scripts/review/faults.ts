/**
 * Category 4: fault scenarios on real processes — overload (the F1 reproduction), kill -9 of
 * servers and workers, Redis unreachable or stopping, a full disk, the database dropped, live
 * stream limits. Each scenario runs on an instance of its own and is one row of the table.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import type { User } from "./lib/actors.ts";
import * as A from "./lib/actors.ts";
import { balances, jobsOf, ledgerMismatches, query, total } from "./lib/db.ts";
import { errorOf, request, sleep } from "./lib/http.ts";
import * as I from "./lib/images.ts";
import {
  Instance,
  type InstanceOptions,
  ownRedis,
  runDirectory,
  SHARED_REDIS,
} from "./lib/instance.ts";
import type { Cases } from "./lib/report.ts";
import type { Plan } from "./run.ts";

const M = {
  timedOut: "Request timed out. The service might be busy, please try again later.",
  processingFailed: "Failed to process image. Please try again.",
  queueUnavailable:
    "Image processing is unavailable right now. Nothing was charged; please try again in a minute.",
  uploadFailed: "Unable to upload image. Please check the file and try again.",
  tooManyLiveUpdates:
    "Too many live image updates are open for your account. Close some Backdrop tabs; open pages keep checking their images every few seconds.",
};

/** Polls /api/health every `everyMs` until stopped: what a load balancer would have seen. */
function watchHealth(inst: Instance, everyMs = 300) {
  const stats = { polls: 0, noAnswer: 0, not200: 0, maxMs: 0, statuses: new Set<number>() };
  let running = true;
  const loop = (async () => {
    while (running) {
      const answer = await request(inst.url, "/api/health", { timeoutMs: 5000 });
      stats.polls += 1;
      stats.maxMs = Math.max(stats.maxMs, answer.ms);
      stats.statuses.add(answer.status);
      if (answer.status === 0) stats.noAnswer += 1;
      else if (answer.status !== 200) stats.not200 += 1;
      await sleep(everyMs);
    }
  })();
  return {
    stats,
    async stop() {
      running = false;
      await loop;
      return stats;
    },
  };
}

type JobRow = Awaited<ReturnType<typeof jobsOf>>[number];

async function waitJobs(
  inst: Instance,
  userId: string,
  done: (jobs: JobRow[]) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let jobs = await jobsOf(inst, userId);
  while (!done(jobs) && Date.now() < deadline) {
    await sleep(500);
    jobs = await jobsOf(inst, userId).catch(() => jobs);
  }
  return jobs;
}

const ended = (jobs: JobRow[]) =>
  jobs.length > 0 && jobs.every((j) => j.status === "completed" || j.status === "failed");

/**
 * The money of ended jobs: completed ones charged once, failed ones refunded when the cause is
 * the platform (every message but the input ones) or the plan refunds; balance = start − charged.
 */
async function jobsAccountedFor(
  inst: Instance,
  user: User,
  start: number,
  jobs: JobRow[],
): Promise<true | string> {
  const refunds = new Set(
    (
      await query(
        inst,
        "select idempotency_key from token_ledger where user_id = ? and kind = 'refund'",
        [user.id],
      )
    ).map((r) => String(r.idempotency_key)),
  );
  let charged = 0;
  const wrong: string[] = [];
  for (const job of jobs) {
    const refunded = refunds.has(`refund:${job.debit_key}`);
    if (job.status === "completed") {
      if (refunded) wrong.push(`${job.id} completed but refunded`);
      charged += Number(job.cost);
    } else if (job.status === "failed") {
      if (!refunded) wrong.push(`${job.id} failed (${job.error}) but not refunded`);
    } else wrong.push(`${job.id} still ${job.status}`);
  }
  const now = total(await balances(inst, user.id));
  if (now !== start - charged) wrong.push(`balance ${now}, expected ${start} − ${charged}`);
  const books = await ledgerMismatches(inst);
  if (books.length > 0) wrong.push(...books);
  return wrong.length === 0 ? true : wrong.join("; ");
}

/** Uploads `count` photos of about 1 MP (the three fixtures in turn). */
async function onePhotos(inst: Instance, user: User, count: number) {
  const names = ["coffee.png", "astronaut.png", "rocket.jpg"] as const;
  const photos = await Promise.all(names.map((name) => I.photoAt(name, 1224, 816)));
  const uploaded = [];
  for (let i = 0; i < count; i++)
    uploaded.push(await A.upload(inst, user, photos[i % 3] as Buffer, "p.jpg"));
  return uploaded;
}

function scenario(
  label: string,
  options: InstanceOptions,
  body: (inst: Instance, cases: Cases) => Promise<void>,
): Plan {
  return {
    category: "faults",
    label,
    run: async (cases) => {
      const inst = await Instance.start(options);
      try {
        await body(inst, cases);
      } finally {
        await inst.stop();
      }
    },
  };
}

/** The burst of F1: `count` jobs at once; the server (or worker) must live and every job end. */
async function burst(
  inst: Instance,
  cases: Cases,
  count: number,
  timeoutMs: number,
  expectTimeOuts: boolean,
) {
  const user = await A.subscriber(inst, "burst", "pro");
  const uploads = await onePhotos(inst, user, count);
  const start = total(await balances(inst, user.id));
  const health = watchHealth(inst);
  const t0 = Date.now();
  const answers = await Promise.all(uploads.map((u) => A.processImage(inst, user, u)));
  const acceptedMs = Date.now() - t0;
  cases.check(
    `all ${count} process calls accepted at once`,
    answers.every((a) => a.status === 200),
    `${answers.map((a) => a.status)} in ${acceptedMs} ms`,
  );
  const jobs = await waitJobs(inst, user.id, ended, timeoutMs);
  const stats = await health.stop();
  const processes = [inst.server, ...inst.workers];
  cases.check(
    "the server and workers stayed up",
    processes.every((p) => p?.child.exitCode === null),
    processes.map((p) => `exit ${p?.child.exitCode}`).join(", "),
  );
  cases.check(
    "/api/health answered 200 throughout",
    stats.noAnswer === 0 && stats.not200 === 0,
    `${stats.polls} polls, ${stats.noAnswer} unanswered, ${stats.not200} not 200, max ${stats.maxMs} ms`,
  );
  cases.check(
    "every job ended (completed or failed)",
    ended(jobs) && jobs.length === count,
    jobs.map((j) => j.status).join(","),
  );
  const failed = jobs.filter((j) => j.status === "failed");
  cases.check(
    "failed jobs carry the time-out message",
    failed.every((j) => j.error === M.timedOut),
    [...new Set(failed.map((j) => j.error))].join(" | "),
  );
  if (expectTimeOuts)
    cases.note(`${failed.length} of ${count} jobs timed out, ${count - failed.length} completed`);
  await cases.run("completed jobs charged, failed ones refunded (pro), books balance", () =>
    jobsAccountedFor(inst, user, start, jobs),
  );
  const logs = inst.serverLogs() + inst.workers.map((w) => inst.logOf(w)).join("");
  cases.check(
    "no crash in the logs (terminate called / uncaught)",
    !/terminate called|Uncaught|FATAL/.test(logs),
    "",
  );
  const unhandled = (logs.match(/Unhandled promise rejection/g) ?? []).length;
  cases.check("no unhandled promise rejection was logged", unhandled === 0, `${unhandled} logged`);
}

/** Waits until the user's only job is processing at `attempt`, then a moment more. */
async function waitProcessing(
  inst: Instance,
  userId: string,
  attempt: number,
  timeoutMs = 240_000,
) {
  const jobs = await waitJobs(
    inst,
    userId,
    (rows) => rows[0]?.status === "processing" && Number(rows[0]?.attempts) === attempt,
    timeoutMs,
  );
  await sleep(1500);
  return jobs[0];
}

function openStream(inst: Instance, user: User, recordId: string) {
  return new Promise<{ status: number; body: string; close: () => void }>((resolve) => {
    const req = http.get(
      `${inst.url}/api/fal/images/${recordId}/events`,
      { headers: A.asCookie(user), agent: false },
      (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        const close = () => req.destroy();
        if (res.statusCode !== 200)
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, close }));
        else resolve({ status: 200, body, close });
      },
    );
    req.on("error", () => resolve({ status: 0, body: "", close: () => {} }));
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function freeBytes(dir: string): number {
  const out =
    execFileSync("df", ["-B1", "--output=avail", dir]).toString().trim().split("\n").pop() ?? "0";
  return Number(out);
}

export function faultScenarios(): Plan[] {
  const inline = (label: string, env: Record<string, string> = {}): InstanceOptions => ({
    label,
    env,
  });
  const bullmq = (
    label: string,
    env: Record<string, string> = {},
    workers = 1,
  ): InstanceOptions => ({
    label,
    database: "postgres",
    redisUrl: SHARED_REDIS,
    workers,
    env,
  });

  return [
    scenario(
      "F1 burst: 12 × 1 MP at once (sqlite-inline, JOB_TIME_LIMIT_SECONDS=5, JOB_CONCURRENCY=1)",
      inline("f1", { JOB_TIME_LIMIT_SECONDS: "5", JOB_CONCURRENCY: "1" }),
      (inst, cases) => burst(inst, cases, 12, 300_000, true),
    ),
    scenario(
      "F1 burst with JOB_QUEUE_WAIT_LIMIT_SECONDS=8 (sqlite-inline)",
      inline("f1-wait", {
        JOB_TIME_LIMIT_SECONDS: "5",
        JOB_CONCURRENCY: "1",
        JOB_QUEUE_WAIT_LIMIT_SECONDS: "8",
      }),
      (inst, cases) => burst(inst, cases, 12, 180_000, true),
    ),
    scenario(
      "F1 burst on a BullMQ worker: 8 × 1 MP (pg-bullmq, JOB_TIME_LIMIT_SECONDS=5, JOB_CONCURRENCY=1)",
      bullmq("f1-bullmq", { JOB_TIME_LIMIT_SECONDS: "5", JOB_CONCURRENCY: "1" }),
      (inst, cases) => burst(inst, cases, 8, 240_000, true),
    ),
    scenario(
      "kill -9 of the inline server mid-job, restart (sqlite-inline)",
      inline("kill-once"),
      async (inst, cases) => {
        const user = await A.subscriber(inst, "kill", "pro");
        const [uploaded] = await onePhotos(inst, user, 1);
        const start = total(await balances(inst, user.id));
        await A.processImage(inst, user, uploaded as A.Uploaded);
        const job = await waitProcessing(inst, user.id, 1);
        cases.check(
          "job was processing when killed",
          job?.status === "processing",
          String(job?.status),
        );
        await inst.killServer("SIGKILL");
        await inst.startServer();
        cases.status(
          "restarted server answers /api/health",
          await request(inst.url, "/api/health"),
          200,
        );
        const jobs = await waitJobs(inst, user.id, ended, 240_000);
        cases.check(
          "the job was resumed or ended",
          ended(jobs),
          jobs.map((j) => `${j.status} attempt ${j.attempts}`).join(","),
        );
        cases.note(
          `after one kill: ${jobs.map((j) => `${j.status}, ${j.attempts} attempts, ${j.error ?? "no error"}`).join("; ")}`,
        );
        await cases.run("charged if completed, refunded (pro) if failed", () =>
          jobsAccountedFor(inst, user, start, jobs),
        );
      },
    ),
    scenario(
      "kill -9 of the inline server twice during one job (sqlite-inline)",
      inline("kill-twice"),
      async (inst, cases) => {
        const user = await A.subscriber(inst, "kill2", "pro");
        const [uploaded] = await onePhotos(inst, user, 1);
        const start = total(await balances(inst, user.id));
        await A.processImage(inst, user, uploaded as A.Uploaded);
        const first = await waitProcessing(inst, user.id, 1);
        cases.check(
          "attempt 1 processing when killed",
          first?.status === "processing",
          String(first?.status),
        );
        await inst.killServer("SIGKILL");
        await inst.startServer();
        const second = await waitProcessing(inst, user.id, 2);
        cases.check(
          "attempt 2 started after the lease ran out",
          second?.status === "processing" && Number(second.attempts) === 2,
          `${second?.status} ${second?.attempts}`,
        );
        await inst.killServer("SIGKILL");
        await inst.startServer();
        const jobs = await waitJobs(inst, user.id, ended, 240_000);
        const job = jobs[0];
        cases.check(
          "after two crashes the job ends failed with the service message",
          job?.status === "failed" && job.error === M.processingFailed,
          `${job?.status} ${job?.error} (${job?.attempts} attempts)`,
        );
        await cases.run("refunded on pro (platform failure)", () =>
          jobsAccountedFor(inst, user, start, jobs),
        );
      },
    ),
    scenario(
      "SIGTERM with jobs queued and running, restart (sqlite-inline, JOB_CONCURRENCY=1)",
      inline("sigterm", { JOB_CONCURRENCY: "1" }),
      async (inst, cases) => {
        const user = await A.subscriber(inst, "term", "pro");
        const uploads = await onePhotos(inst, user, 3);
        const start = total(await balances(inst, user.id));
        for (const u of uploads) await A.processImage(inst, user, u);
        await waitJobs(
          inst,
          user.id,
          (rows) => rows.some((r) => r.status === "processing"),
          120_000,
        );
        const t0 = Date.now();
        const code = await inst.killServer("SIGTERM");
        cases.check(
          "SIGTERM stops the server cleanly within 10 s",
          code === 0 && Date.now() - t0 < 11_000,
          `exit ${code} after ${Date.now() - t0} ms`,
        );
        await inst.startServer();
        const jobs = await waitJobs(inst, user.id, ended, 300_000);
        cases.check(
          "all three jobs ended after the restart",
          ended(jobs),
          jobs.map((j) => j.status).join(","),
        );
        await cases.run("charged if completed, refunded if failed", () =>
          jobsAccountedFor(inst, user, start, jobs),
        );
      },
    ),
    scenario(
      "kill -9 of the BullMQ worker twice during one job (pg-bullmq)",
      bullmq("worker-kill"),
      async (inst, cases) => {
        const user = await A.subscriber(inst, "wkill", "pro");
        const [uploaded] = await onePhotos(inst, user, 1);
        const start = total(await balances(inst, user.id));
        await A.processImage(inst, user, uploaded as A.Uploaded);
        const first = await waitProcessing(inst, user.id, 1);
        cases.check(
          "attempt 1 processing when the worker was killed",
          first?.status === "processing",
          String(first?.status),
        );
        await inst.killWorker(0);
        await inst.startWorker();
        const second = await waitProcessing(inst, user.id, 2, 300_000);
        cases.check(
          "attempt 2 taken by the new worker",
          second?.status === "processing" && Number(second?.attempts) === 2,
          `${second?.status} ${second?.attempts}`,
        );
        await inst.killWorker(1);
        await inst.startWorker();
        const jobs = await waitJobs(inst, user.id, ended, 300_000);
        const job = jobs[0];
        cases.check("the job ended", ended(jobs), `${job?.status} ${job?.attempts}`);
        cases.note(
          `worker killed twice: ${job?.status}, ${job?.attempts} attempts, ${job?.error ?? "no error"}`,
        );
        await cases.run("charged if completed, refunded (pro) if failed", () =>
          jobsAccountedFor(inst, user, start, jobs),
        );
        cases.check("the server stayed up", inst.isServerUp(), "");
      },
    ),
    scenario(
      "kill -9 of the server in BullMQ mode mid-job (pg-bullmq)",
      bullmq("server-kill-bullmq"),
      async (inst, cases) => {
        const user = await A.subscriber(inst, "skill", "pro");
        const [uploaded] = await onePhotos(inst, user, 1);
        const start = total(await balances(inst, user.id));
        await A.processImage(inst, user, uploaded as A.Uploaded);
        await waitProcessing(inst, user.id, 1);
        await inst.killServer("SIGKILL");
        const jobs = await waitJobs(inst, user.id, ended, 240_000);
        cases.check(
          "the worker finished the job without the server",
          jobs[0]?.status === "completed",
          `${jobs[0]?.status} ${jobs[0]?.error}`,
        );
        await inst.startServer();
        const view = await A.record(inst, user, (uploaded as A.Uploaded).recordId);
        cases.check(
          "the restarted server shows the result",
          view?.status === "completed" && view.processedImage !== null,
          String(view?.status),
        );
        await cases.run("charged once", () => jobsAccountedFor(inst, user, start, jobs));
      },
    ),
    scenario(
      "REDIS_URL at a closed port: server + worker (pg-bullmq)",
      {
        label: "redis-closed",
        database: "postgres",
        redisUrl: "redis://127.0.0.1:6399",
        workers: 0,
      },
      async (inst, cases) => {
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
          total(await balances(inst, user.id)) === before &&
            (await jobsOf(inst, user.id)).length === 0,
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
        cases.check(
          "no stack traces in the worker log",
          !/\n\s+at /.test(log),
          log.split("\n").find((l) => /^\s+at /.test(l)) ?? "",
        );
        const serverLog = inst.serverLogs();
        cases.check(
          "no stack traces in the server log",
          !/\n\s+at /.test(serverLog),
          serverLog.split("\n").find((l) => /^\s+at /.test(l)) ?? "",
        );
        cases.check("the server stayed up", inst.isServerUp(), "");
      },
    ),
    {
      category: "faults",
      label: "Redis stops after a healthy start, then returns (pg-bullmq, own Redis :6390)",
      run: async (cases) => {
        const redis = ownRedis(6390);
        redis.start();
        const inst = await Instance.start({
          label: "redis-stop",
          database: "postgres",
          redisUrl: redis.url,
          workers: 1,
        });
        try {
          const user = await A.subscriber(inst, "redis-stop", "pro");
          const uploads = await onePhotos(inst, user, 3);
          cases.status("healthy at first", await request(inst.url, "/api/health"), 200);
          const start = total(await balances(inst, user.id));
          await A.processImage(inst, user, uploads[0] as A.Uploaded);
          await waitProcessing(inst, user.id, 1);
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
          cases.status(
            "process refused 503 at once while Redis is away",
            refused,
            503,
            refused.ms < 4000,
          );
          cases.check(
            "nothing charged for it",
            total(await balances(inst, user.id)) === before,
            "",
          );
          await sleep(10_000);
          redis.start();
          const deadline = Date.now() + 60_000;
          let back = await request(inst.url, "/api/health");
          while (back.status !== 200 && Date.now() < deadline) {
            await sleep(1000);
            back = await request(inst.url, "/api/health");
          }
          cases.status("health back to 200 once Redis returns", back, 200);
          const accepted = await A.processImage(inst, user, uploads[2] as A.Uploaded);
          cases.status("a new job is accepted", accepted, 200);
          const jobs = await waitJobs(
            inst,
            user.id,
            (rows) => rows.length === 2 && ended(rows),
            300_000,
          );
          cases.check(
            "the job running during the outage and the new one both ended",
            ended(jobs) && jobs.length === 2,
            jobs.map((j) => `${j.status} ${j.error ?? ""}`).join(","),
          );
          cases.note(
            `Redis outage: ${jobs.map((j) => `${j.status} (${j.attempts} attempts)`).join(", ")}`,
          );
          await cases.run("charged if completed, refunded if failed", () =>
            jobsAccountedFor(inst, user, start, jobs),
          );
          cases.check(
            "server and worker stayed up",
            inst.isServerUp() && inst.workers.every((w) => w.child.exitCode === null),
            "",
          );
        } finally {
          await inst.stop();
          redis.stop();
        }
      },
    },
    scenario(
      "every worker down: jobs end at JOB_QUEUE_WAIT_LIMIT_SECONDS=20, refunded (pg-bullmq, no worker)",
      bullmq("no-worker", { JOB_QUEUE_WAIT_LIMIT_SECONDS: "20" }, 0),
      async (inst, cases) => {
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
      },
    ),
    {
      category: "faults",
      label: "disk full: FILES_DIR on a 20 MB tmpfs, MIN_FREE_DISK_MB=5 (sqlite-inline)",
      run: async (cases) => {
        const mountPoint = join(runDirectory(), "tmpfs-files");
        mkdirSync(mountPoint, { recursive: true });
        try {
          execFileSync("mount", ["-t", "tmpfs", "-o", "size=20m", "tmpfs", mountPoint]);
        } catch (error) {
          cases.note(`skipped: mount failed (${error instanceof Error ? error.message : error})`);
          return;
        }
        const filler = join(mountPoint, "filler.bin");
        let inst: Instance | null = null;
        try {
          inst = await Instance.start({
            label: "disk-full",
            env: { FILES_DIR: mountPoint, MIN_FREE_DISK_MB: "5" },
          });
          const user = await A.subscriber(inst, "disk", "pro");
          const [uploaded] = await onePhotos(inst, user, 1);
          cases.status("healthy with 20 MB free", await request(inst.url, "/api/health"), 200);
          writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(mountPoint) - 3_000_000)));
          // Health reuses a free-space reading for up to a second (health.service.ts).
          await new Promise((resolve) => setTimeout(resolve, 1_200));
          const low = await request(inst.url, "/api/health");
          cases.status(
            "health 503 below MIN_FREE_DISK_MB",
            low,
            503,
            /^Disk unavailable: \d+ MB free, below the 5 MB needed/.test(errorOf(low)),
          );
          cases.check(
            "health names the disk and its free space",
            errorOf(low).startsWith("Disk unavailable"),
            errorOf(low),
          );
          // Leave about 150 KB: nothing of any size fits.
          writeFileSync(
            join(mountPoint, "filler2.bin"),
            Buffer.alloc(Math.max(0, freeBytes(mountPoint) - 150_000)),
          );
          const rowsBefore = await query(
            inst,
            "select count(*) as n from stored_files where user_id = ?",
            [user.id],
          );
          const big = await I.noise(600, 600);
          const refused = await A.postUpload(inst, user, big);
          cases.check(
            "an upload that cannot be written answers a clean error",
            [500, 503, 507].includes(refused.status) && errorOf(refused) === M.uploadFailed,
            `${refused.status} ${refused.status ? refused.text : ""}`,
          );
          const rowsAfter = await query(
            inst,
            "select count(*) as n from stored_files where user_id = ?",
            [user.id],
          );
          cases.check(
            "no row for the failed upload",
            Number(rowsAfter[0]?.n) === Number(rowsBefore[0]?.n),
            "",
          );
          cases.check(
            "no .partial file left after the failed upload",
            !filesUnder(mountPoint).some((f) => f.endsWith(".partial")),
            filesUnder(mountPoint)
              .filter((f) => f.endsWith(".partial"))
              .join(","),
          );
          const start = total(await balances(inst, user.id));
          const accepted = await A.processImage(inst, user, uploaded as A.Uploaded);
          cases.status(
            "a job is still accepted (the check is the health endpoint's)",
            accepted,
            [200, 503],
          );
          if (accepted.status === 200) {
            const jobs = await waitJobs(inst, user.id, ended, 240_000);
            cases.check(
              "the job whose result cannot be written fails",
              jobs[0]?.status === "failed",
              `${jobs[0]?.status} ${jobs[0]?.error}`,
            );
            await cases.run("and is refunded on pro (storage is the platform's failure)", () =>
              jobsAccountedFor(inst as Instance, user, start, jobs),
            );
            cases.check(
              "no .partial file left after the failed result",
              !filesUnder(mountPoint).some((f) => f.endsWith(".partial")),
              filesUnder(mountPoint)
                .filter((f) => f.endsWith(".partial"))
                .join(","),
            );
          }
          rmSync(filler, { force: true });
          rmSync(join(mountPoint, "filler2.bin"), { force: true });
          cases.status(
            "health back to 200 once space is freed",
            await request(inst.url, "/api/health"),
            200,
          );
          cases.check("the server stayed up", inst.isServerUp(), "");
        } finally {
          await inst?.stop();
          try {
            execFileSync("umount", [mountPoint]);
          } catch {
            execFileSync("umount", ["-l", mountPoint]);
          }
        }
      },
    },
    {
      category: "faults",
      label: "database dropped mid-flight (pg-inline)",
      run: async (cases) => {
        const inst = await Instance.start({ label: "db-down", database: "postgres" });
        try {
          const user = await A.subscriber(inst, "dbdown", "pro");
          const [uploaded] = await onePhotos(inst, user, 1);
          cases.status("healthy at first", await request(inst.url, "/api/health"), 200);
          await A.processImage(inst, user, uploaded as A.Uploaded);
          await waitProcessing(inst, user.id, 1);
          const admin = "postgres://postgres@127.0.0.1:5432/postgres";
          execFileSync("psql", [admin, "-qc", `drop database ${inst.pgDatabase} with (force)`]);
          await sleep(2000);
          const health = await request(inst.url, "/api/health", { timeoutMs: 15_000 });
          cases.status(
            "health 503 naming the database",
            health,
            503,
            errorOf(health).startsWith("Database unavailable"),
          );
          const call = await A.get(inst, `/api/auth/get-user-tokens?uid=${user.id}`, user);
          cases.check(
            "API calls answer a clean JSON error, not a hang",
            [401, 500, 503].includes(call.status) && call.json !== undefined,
            `${call.status} ${call.status ? call.text.slice(0, 80) : call.error}`,
          );
          const upload = await A.postUpload(inst, user, I.photo("coffee.png"));
          cases.check(
            "an upload answers a clean error",
            [401, 500, 503].includes(upload.status),
            `${upload.status}`,
          );
          await sleep(20_000);
          cases.check(
            "the server stays up while its database is gone (20 s, job running)",
            inst.isServerUp(),
            `exit ${inst.server?.child.exitCode}`,
          );
          cases.status(
            "and still answers /api/health (503)",
            await request(inst.url, "/api/health", { timeoutMs: 15_000 }),
            503,
          );
        } finally {
          await inst.stop();
        }
      },
    },
    scenario(
      "live streams: 8 per user, the 9th answers 429 (sqlite-inline)",
      inline("sse"),
      async (inst, cases) => {
        const user = await A.createUser(inst, "streams");
        const other = await A.createUser(inst, "streams-other");
        const mine = await A.upload(inst, user, I.photo("coffee.png"));
        const theirs = await A.upload(inst, other, I.photo("coffee.png"));
        const open = [];
        for (let i = 0; i < 8; i++) open.push(await openStream(inst, user, mine.recordId));
        cases.check(
          "8 streams of one user are accepted",
          open.every((s) => s.status === 200),
          open.map((s) => s.status).join(","),
        );
        const ninth = await openStream(inst, user, mine.recordId);
        cases.check(
          "the 9th answers 429 with the live-updates message",
          ninth.status === 429 && ninth.body.includes(M.tooManyLiveUpdates),
          `${ninth.status} ${ninth.body.slice(0, 80)}`,
        );
        const others = await openStream(inst, other, theirs.recordId);
        cases.check(
          "another user's stream is not counted against it",
          others.status === 200,
          String(others.status),
        );
        open.pop()?.close();
        await sleep(500);
        const again = await openStream(inst, user, mine.recordId);
        cases.check(
          "a closed stream gives its slot back",
          again.status === 200,
          String(again.status),
        );
        for (const s of [...open, again, others]) s.close();
        await sleep(500);
        const afterAll = [];
        for (let i = 0; i < 8; i++) afterAll.push(await openStream(inst, user, mine.recordId));
        cases.check(
          "after clients vanish, all 8 slots are free again",
          afterAll.every((s) => s.status === 200),
          afterAll.map((s) => s.status).join(","),
        );
        for (const s of afterAll) s.close();
        cases.status("the server still answers", await request(inst.url, "/api/health"), 200);
      },
    ),
    scenario(
      "8 parallel 2048×2048 noise uploads: health stays responsive (sqlite-inline)",
      inline("upload-load"),
      async (inst, cases) => {
        const user = await A.createUser(inst, "loader");
        const noise = await I.noise(2048, 2048, "jpeg");
        const health = watchHealth(inst, 200);
        const answers = await Promise.all(
          Array.from({ length: 8 }, () =>
            A.postUpload(inst, user, noise, { filename: "n.jpg", type: "image/jpeg" }),
          ),
        );
        const stats = await health.stop();
        cases.check(
          "all 8 answered 200",
          answers.every((a) => a.status === 200),
          answers.map((a) => a.status).join(","),
        );
        cases.check(
          "health answered every poll",
          stats.noAnswer === 0 && stats.not200 === 0,
          JSON.stringify({ ...stats, statuses: [...stats.statuses] }),
        );
        cases.check(
          "health stayed under 2 s",
          stats.maxMs < 2000,
          `max ${stats.maxMs} ms over ${stats.polls} polls`,
        );
      },
    ),
  ];
}
