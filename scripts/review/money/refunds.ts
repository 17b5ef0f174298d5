/** Refunds follow docs/decisions.md: input failures on elite only, platform failures always. */
import type { Plan, User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, cutoutJobsOf, jobsOf, ledgerMismatches, query, total } from "../lib/db.ts";
import { waitHealthy } from "../lib/health.ts";
import { errorOf, sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { OwnRedis } from "../lib/instance.ts";
import { type Money, MSG } from "./common.ts";

/**
 * A generation asked of a photo with nothing in it, checked once it has ended. When the upload's
 * free cut-out has already found no subject, the generation is refused before any debit
 * (`refused` holds that answer); otherwise its job runs and fails on the subject.
 */
export type InputFailure = {
  plan: Plan;
  user: User;
  recordId: string;
  before: number;
  refused: { status: number; error: string } | null;
};

/** Issued first (jobs must run), checked at the end by `jobsEnded`. */
export async function startInputFailures(m: Money): Promise<InputFailure[]> {
  const { inst } = m;
  const inputFailures: InputFailure[] = [];
  const flat = await I.uniform(640, 480);
  for (const plan of ["starter", "pro", "elite"] as const) {
    const user = await A.subscriber(inst, `nosubject-${plan}`, plan);
    const uploaded = await m.uploadOf(user, flat);
    const before = total(await balances(inst, user.id));
    const started = await A.processImage(inst, user, uploaded);
    const refused =
      started.status === 200 ? null : { status: started.status, error: errorOf(started) };
    inputFailures.push({ plan, user, recordId: uploaded.recordId, before, refused });
  }
  return inputFailures;
}

/** Platform failures are refunded on every plan. */
export async function redisDown(m: Money, redis: OwnRedis): Promise<void> {
  const { inst, cases, uploadOf, photo } = m;
  const pro = await A.subscriber(inst, "redis-down", "pro");
  const uploaded = await uploadOf(pro, photo);
  redis.stop();
  await sleep(1500);
  await cases.run(
    "Redis down at request time: 503 at once, no token moved, no job row",
    async () => {
      const before = total(await balances(inst, pro.id));
      const answer = await A.processImage(inst, pro, uploaded);
      const after = total(await balances(inst, pro.id));
      const jobs = await jobsOf(inst, pro.id);
      return answer.status === 503 &&
        errorOf(answer) === MSG.queueUnavailable &&
        answer.ms < 5000 &&
        before === after &&
        jobs.length === 0
        ? true
        : `${answer.status} in ${answer.ms} ms, ${before} → ${after}, ${jobs.length} jobs`;
    },
  );
  redis.start();
  await waitHealthy(inst);
  // Jobs that no worker takes end at JOB_QUEUE_WAIT_LIMIT_SECONDS (60 s here), refunded.
  const waiting: { user: User; jobId: string; before: number }[] = [];
  for (const plan of ["starter", "pro"] as const) {
    const user = await A.subscriber(inst, `queue-wait-${plan}`, plan);
    const target = await uploadOf(user, photo);
    const before = total(await balances(inst, user.id));
    const answer = await A.processImage(inst, user, target);
    waiting.push({ user, jobId: (answer.json as { request_id: string }).request_id, before });
  }
  const deadline = Date.now() + 150_000;
  for (const { user, jobId, before } of waiting) {
    await cases.run(
      `job past JOB_QUEUE_WAIT_LIMIT_SECONDS refunded (${user.email.split("-")[2]})`,
      async () => {
        for (;;) {
          const [job] = (await jobsOf(inst, user.id)).filter((row) => row.id === jobId);
          if (job?.status === "failed") {
            const now = total(await balances(inst, user.id));
            return job.error === MSG.requestTimedOut && now === before
              ? true
              : `${job.error}, balance ${before} → ${now}`;
          }
          if (Date.now() > deadline) return `job still ${job?.status}`;
          await sleep(2000);
        }
      },
    );
  }
}

/** Input failures refunded only on elite; every paid job ended completed. */
export async function jobsEnded(m: Money, inputFailures: InputFailure[]): Promise<void> {
  const { inst, cases } = m;
  for (const { plan, user, recordId, before, refused } of inputFailures) {
    await cases.run(
      `no subject found (${plan}): refused before any debit once the cut-out found none, else failed with the message and refunded only on elite`,
      async () => {
        const after = total(await balances(inst, user.id));
        if (refused) {
          // Refused at once: only right when the upload's cut-out had already ended.
          const [cutout] = await cutoutJobsOf(inst, user.id);
          return refused.status >= 400 &&
            refused.status < 500 &&
            refused.error === MSG.noSubjectFound &&
            after === before &&
            (await jobsOf(inst, user.id)).length === 0 &&
            (cutout?.status === "failed" || cutout?.status === "completed")
            ? true
            : `refused ${refused.status} "${refused.error}", balance ${before} → ${after}, cut-out ${cutout?.status}`;
        }
        const ended = await A.waitForRecord(inst, user, recordId, 600_000);
        const now = total(await balances(inst, user.id));
        const refunded = now === before;
        const wantRefund = plan === "elite";
        return ended?.status === "failed" &&
          ended.error === MSG.noSubjectFound &&
          refunded === wantRefund
          ? true
          : `${ended?.status} "${ended?.error}", balance ${before} → ${now}`;
      },
    );
  }
  await cases.run("every paid job ends completed (spent tokens bought real images)", async () => {
    const bad = [];
    for (const { user, recordId } of m.tracked) {
      const ended = await A.waitForRecord(inst, user, recordId, 900_000);
      if (ended?.status !== "completed") bad.push(`${recordId}: ${ended?.status} ${ended?.error}`);
    }
    return bad.length === 0 ? true : bad.join("; ");
  });
}

/** The books: balances match the ledger, none negative, no debit refunded twice. */
export async function books(m: Money): Promise<void> {
  const { inst, cases } = m;
  await cases.run("every balance equals the sum of its ledger entries", async () => {
    const mismatches = await ledgerMismatches(inst);
    return mismatches.length === 0 ? true : mismatches.join("; ");
  });
  await cases.run("no balance is negative", async () => {
    const rows = await query(
      inst,
      "select count(*) as n from user_profiles where num_of_tokens < 0 or subscription_tokens < 0",
    );
    return Number(rows[0]?.n) === 0 ? true : `${rows[0]?.n} negative`;
  });
  await cases.run("no debit is refunded twice", async () => {
    const rows = await query(
      inst,
      "select idempotency_key, count(*) as n from token_ledger where kind = 'refund' group by idempotency_key having count(*) > 1",
    );
    return rows.length === 0 ? true : `${rows.length} keys refunded twice`;
  });
}
