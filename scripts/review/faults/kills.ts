/** kill -9 and SIGTERM of servers and workers mid-job: jobs resume or end, and are paid for right. */
import * as A from "../lib/actors.ts";
import { balances, total } from "../lib/db.ts";
import { request } from "../lib/http.ts";
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
  proWithPhoto,
  scenario,
  waitJobs,
  waitProcessing,
} from "./common.ts";

/** Waits for the job's first attempt to run and checks that it is processing. */
async function firstAttempt(inst: Instance, cases: Cases, userId: string, name: string) {
  const job = await waitProcessing(inst, userId, 1);
  cases.check(name, job?.status === "processing", String(job?.status));
}

/** Waits for the job's second attempt (after a kill) and checks that it is the one running. */
async function secondAttempt(
  inst: Instance,
  cases: Cases,
  userId: string,
  name: string,
  timeoutMs?: number,
) {
  const job = await waitProcessing(inst, userId, 2, timeoutMs);
  cases.check(
    name,
    job?.status === "processing" && Number(job?.attempts) === 2,
    `${job?.status} ${job?.attempts}`,
  );
}

export function killScenarios(): Plan[] {
  return [
    scenario(
      "kill -9 of the inline server mid-job, restart (sqlite-inline)",
      inline("kill-once"),
      async (inst, cases) => {
        const { user, uploaded, start } = await proWithPhoto(inst, "kill");
        await A.processImage(inst, user, uploaded);
        await firstAttempt(inst, cases, user.id, "job was processing when killed");
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
        const { user, uploaded, start } = await proWithPhoto(inst, "kill2");
        await A.processImage(inst, user, uploaded);
        await firstAttempt(inst, cases, user.id, "attempt 1 processing when killed");
        await inst.killServer("SIGKILL");
        await inst.startServer();
        await secondAttempt(inst, cases, user.id, "attempt 2 started after the lease ran out");
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
        const { user, uploaded, start } = await proWithPhoto(inst, "wkill");
        await A.processImage(inst, user, uploaded);
        await firstAttempt(inst, cases, user.id, "attempt 1 processing when the worker was killed");
        await inst.killWorker(0);
        await inst.startWorker();
        await secondAttempt(inst, cases, user.id, "attempt 2 taken by the new worker", 300_000);
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
        const { user, uploaded, start } = await proWithPhoto(inst, "skill");
        await A.processImage(inst, user, uploaded);
        await waitProcessing(inst, user.id, 1);
        await inst.killServer("SIGKILL");
        const jobs = await waitJobs(inst, user.id, ended, 240_000);
        cases.check(
          "the worker finished the job without the server",
          jobs[0]?.status === "completed",
          `${jobs[0]?.status} ${jobs[0]?.error}`,
        );
        await inst.startServer();
        const view = await A.record(inst, user, uploaded.recordId);
        cases.check(
          "the restarted server shows the result",
          view?.status === "completed" && view.processedImage !== null,
          String(view?.status),
        );
        await cases.run("charged once", () => jobsAccountedFor(inst, user, start, jobs));
      },
    ),
  ];
}
