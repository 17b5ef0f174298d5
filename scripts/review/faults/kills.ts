/**
 * kill -9 and SIGTERM of servers and workers mid-job: jobs resume or end, and are paid for right.
 * Every kill is aimed at the paid job: the harness waits until that job (by its id) is the one
 * running, at the attempt the row names, never at the upload's free cut-out job.
 */
import * as A from "../lib/actors.ts";
import { balances, total } from "../lib/db.ts";
import { request } from "../lib/http.ts";
import type { Instance, InstanceOptions } from "../lib/instance.ts";
import type { Plan } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import {
  bullmq,
  ended,
  inline,
  type JobRow,
  jobsAccountedFor,
  M,
  onePhotos,
  proWithPhoto,
  scenario,
  startPaid,
  waitJobs,
  waitProcessing,
} from "./common.ts";

/** One crash scenario: whom to kill, how often, and how the paid job must end. */
type Crash = {
  label: string;
  options: InstanceOptions;
  victim: "server" | "worker";
  kills: 1 | 2;
  /** Whether the victim is started again before the job has ended. */
  restartAtOnce: boolean;
  /** "ended": completed or failed, either paid for right. */
  outcome: "ended" | "completed" | "failed with the service message";
};

const CRASHES: Crash[] = [
  {
    label: "kill -9 of the inline server mid-job, restart (sqlite-inline)",
    options: inline("kill-once"),
    victim: "server",
    kills: 1,
    restartAtOnce: true,
    outcome: "ended",
  },
  {
    label: "kill -9 of the inline server twice during one job (sqlite-inline)",
    options: inline("kill-twice"),
    victim: "server",
    kills: 2,
    restartAtOnce: true,
    outcome: "failed with the service message",
  },
  {
    label: "kill -9 of the BullMQ worker twice during one job (pg-bullmq)",
    options: bullmq("worker-kill"),
    victim: "worker",
    kills: 2,
    restartAtOnce: true,
    outcome: "ended",
  },
  {
    label: "kill -9 of the server in BullMQ mode mid-job (pg-bullmq)",
    options: bullmq("server-kill-bullmq"),
    victim: "server",
    kills: 1,
    restartAtOnce: false,
    outcome: "completed",
  },
];

const OUTCOMES: Record<Crash["outcome"], (job: JobRow | undefined) => boolean> = {
  ended: (job) => job?.status === "completed" || job?.status === "failed",
  completed: (job) => job?.status === "completed",
  "failed with the service message": (job) =>
    job?.status === "failed" && job.error === M.processingFailed,
};

async function kill(inst: Instance, crash: Crash, round: number) {
  if (crash.victim === "server") {
    await inst.killServer("SIGKILL");
    if (crash.restartAtOnce) await inst.startServer();
  } else {
    await inst.killWorker(round);
    if (crash.restartAtOnce) await inst.startWorker();
  }
}

async function crashDuringJob(inst: Instance, cases: Cases, crash: Crash) {
  const { user, uploaded, start } = await proWithPhoto(inst, crash.options.label);
  const jobId = await startPaid(inst, user, uploaded);
  for (let round = 0; round < crash.kills; round++) {
    const attempt = round + 1;
    const job = await waitProcessing(inst, user.id, jobId, attempt, 300_000);
    cases.check(
      `the paid job (attempt ${attempt}) was the one running when the ${crash.victim} was killed`,
      job?.status === "processing" && Number(job.attempts) === attempt,
      `${job?.status} attempt ${job?.attempts}`,
    );
    await kill(inst, crash, round);
  }
  if (crash.victim === "server" && crash.restartAtOnce) {
    cases.status(
      "the restarted server answers /api/health",
      await request(inst.url, "/api/health"),
      200,
    );
  }
  const jobs = await waitJobs(inst, user.id, ended, 300_000);
  const job = jobs.find((row) => row.id === jobId);
  cases.check(
    `the paid job ${crash.outcome}`,
    OUTCOMES[crash.outcome](job),
    `${job?.status} ${job?.error ?? ""} (${job?.attempts} attempts)`,
  );
  cases.note(`${crash.kills} kill(s): ${job?.status}, ${job?.attempts} attempts, ${job?.error}`);
  if (!crash.restartAtOnce) {
    await inst.startServer();
    const view = await A.record(inst, user, uploaded.recordId);
    cases.check(
      "the restarted server shows the result",
      view?.status === "completed" && view.processedImage !== null,
      String(view?.status),
    );
  }
  await cases.run("charged if completed, refunded (pro) if failed; books balance", () =>
    jobsAccountedFor(inst, user, start, jobs),
  );
  if (crash.victim === "worker") cases.check("the server stayed up", inst.isServerUp(), "");
}

async function sigterm(inst: Instance, cases: Cases) {
  const user = await A.subscriber(inst, "term", "pro");
  const uploads = await onePhotos(inst, user, 3);
  const start = total(await balances(inst, user.id));
  for (const u of uploads) await startPaid(inst, user, u);
  await waitJobs(inst, user.id, (rows) => rows.some((r) => r.status === "processing"), 120_000);
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
    "all three paid jobs ended after the restart",
    ended(jobs) && jobs.length === 3,
    jobs.map((j) => j.status).join(","),
  );
  await cases.run("charged if completed, refunded if failed", () =>
    jobsAccountedFor(inst, user, start, jobs),
  );
}

export function killScenarios(): Plan[] {
  return [
    ...CRASHES.map((crash) =>
      scenario(crash.label, crash.options, (inst, cases) => crashDuringJob(inst, cases, crash)),
    ),
    scenario(
      "SIGTERM with jobs queued and running, restart (sqlite-inline, JOB_CONCURRENCY=1)",
      inline("sigterm", { JOB_CONCURRENCY: "1" }),
      sigterm,
    ),
  ];
}
