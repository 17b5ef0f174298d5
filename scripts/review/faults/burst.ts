/** The F1 reproduction: a burst of jobs at once; the server (or worker) lives, every job ends. */
import * as A from "../lib/actors.ts";
import { balances, total } from "../lib/db.ts";
import { watchHealth } from "../lib/health.ts";
import type { Instance } from "../lib/instance.ts";
import type { Plan } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import {
  bullmq,
  ended,
  inline,
  jobsAccountedFor,
  M,
  onePhotos,
  scenario,
  waitJobs,
} from "./common.ts";

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

export function burstScenarios(): Plan[] {
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
  ];
}
