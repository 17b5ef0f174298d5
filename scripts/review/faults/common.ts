/** What the fault scenarios share: waiting for jobs, their books, photos and live streams. */
import http from "node:http";
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, jobsOf, ledgerMismatches, query, total } from "../lib/db.ts";
import { sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import { type Instance, type InstanceOptions, SHARED_REDIS } from "../lib/instance.ts";
import { onInstance, type Plan, type Probe } from "../lib/plan.ts";

export const M = {
  timedOut: "Request timed out. The service might be busy, please try again later.",
  processingFailed: "Failed to process image. Please try again.",
  queueUnavailable:
    "Image processing is unavailable right now. Nothing was charged; please try again in a minute.",
  uploadFailed: "Unable to upload image. Please check the file and try again.",
  tooManyLiveUpdates:
    "Too many live image updates are open for your account. Close some Backdrop tabs; open pages keep checking their images every few seconds.",
};

/** A scenario on an instance of its own: one row of the table. */
export const scenario = (label: string, options: InstanceOptions, probe: Probe): Plan =>
  onInstance("faults", label, options, probe);

export const inline = (label: string, env: Record<string, string> = {}): InstanceOptions => ({
  label,
  env,
});

export const bullmq = (
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

export type JobRow = Awaited<ReturnType<typeof jobsOf>>[number];

export async function waitJobs(
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

export const ended = (jobs: JobRow[]) =>
  jobs.length > 0 && jobs.every((j) => j.status === "completed" || j.status === "failed");

/**
 * Waits until the paid job `jobId` is the one processing, at `attempt`, then a moment more.
 * Found by its id, so the upload's free cut-out job (which may run first) is never taken for it.
 */
export async function waitProcessing(
  inst: Instance,
  userId: string,
  jobId: string,
  attempt: number,
  timeoutMs = 240_000,
) {
  const of = (rows: JobRow[]) => rows.find((row) => row.id === jobId);
  const jobs = await waitJobs(
    inst,
    userId,
    (rows) => of(rows)?.status === "processing" && Number(of(rows)?.attempts) === attempt,
    timeoutMs,
  );
  await sleep(1500);
  return of(await jobsOf(inst, userId).catch(() => jobs)) ?? of(jobs);
}

/** Starts a paid generation of `uploaded` and answers its job's id (throws when refused). */
export async function startPaid(inst: Instance, user: User, uploaded: A.Uploaded) {
  const answer = await A.processImage(inst, user, uploaded);
  const id = (answer.json as { request_id?: string } | undefined)?.request_id;
  if (answer.status !== 200 || !id) throw new Error(`process answered ${answer.status}`);
  return id;
}

/**
 * The money of ended jobs: completed ones charged once, failed ones refunded when the cause is
 * the platform (every message but the input ones) or the plan refunds; balance = start − charged.
 */
export async function jobsAccountedFor(
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
export async function onePhotos(inst: Instance, user: User, count: number) {
  const names = ["coffee.png", "astronaut.png", "rocket.jpg"] as const;
  const photos = await Promise.all(names.map((name) => I.photoAt(name, 1224, 816)));
  const uploaded = [];
  for (let i = 0; i < count; i++)
    uploaded.push(await A.upload(inst, user, photos[i % 3] as Buffer, "p.jpg"));
  return uploaded;
}

/** A pro subscriber with one uploaded photo and the balance before its job. */
export async function proWithPhoto(inst: Instance, tag: string) {
  const user = await A.subscriber(inst, tag, "pro");
  const [uploaded] = await onePhotos(inst, user, 1);
  const start = total(await balances(inst, user.id));
  return { user, uploaded: uploaded as A.Uploaded, start };
}

export function openStream(inst: Instance, user: User, recordId: string) {
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
