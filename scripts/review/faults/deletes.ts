/**
 * Delete races and S3: a thumbnail built while its record is deleted leaves nothing in storage;
 * on PostgreSQL `process` racing a delete answers 404 or 409 (or wins), never 500, and the books
 * balance; with S3_BUCKET, /api/health asks the bucket at most once a second however many probe
 * it, and a delete while S3 is down answers and its objects are swept once S3 is back.
 */
import { join } from "node:path";
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, cutoutJobsOf, total } from "../lib/db.ts";
import { filesUnder } from "../lib/files.ts";
import { errorOf, got, request, sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import { type Instance, withInstance } from "../lib/instance.ts";
import type { Plan } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import { type OwnS3, withOwnS3 } from "../lib/s3.ts";
import { ended, inline, jobsAccountedFor, scenario, waitJobs } from "./common.ts";

const ROUNDS = 6;

/** Uploads `count` photos and waits until their free cut-out jobs have ended. */
async function settledUploads(inst: Instance, user: User, count: number, bytes: Buffer) {
  const uploads: A.Uploaded[] = [];
  for (let i = 0; i < count; i++) uploads.push(await A.upload(inst, user, bytes, "p.png"));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const jobs = await cutoutJobsOf(inst, user.id);
    if (jobs.every((j) => j.status === "completed" || j.status === "failed")) break;
    await sleep(1000);
  }
  return uploads;
}

const deleteRecord = (inst: Instance, user: User, recordId: string) =>
  request(inst.url, `/api/images/${recordId}`, {
    method: "DELETE",
    headers: { ...A.sameOrigin(inst), ...A.asCookie(user) },
  });

/** Files on disk whose key names the record (its own, thumbnails, kept scenes). */
const diskFilesOf = (inst: Instance, recordId: string) =>
  filesUnder(join(inst.dataDir, "files")).filter((path) => path.includes(recordId));

async function thumbnailRace(inst: Instance, cases: Cases) {
  const user = await A.createUser(inst, "thumb-race");
  const photo = await I.photoAt("astronaut.png", 2048, 2048, "png");
  const uploads = await settledUploads(inst, user, ROUNDS, photo);
  const outcomes: string[] = [];
  const left: string[] = [];
  for (const uploaded of uploads) {
    const thumb = `${new URL(uploaded.url).pathname}?size=thumb`;
    const [built, removed] = await Promise.all([
      A.get(inst, thumb, user),
      (async () => {
        await sleep(Math.floor(Math.random() * 40));
        return deleteRecord(inst, user, uploaded.recordId);
      })(),
    ]);
    outcomes.push(`thumb ${built.status}/delete ${removed.status}`);
    if (removed.status !== 200) left.push(`${uploaded.recordId}: delete ${got(removed, 80)}`);
  }
  await sleep(3000);
  for (const uploaded of uploads) {
    const files = diskFilesOf(inst, uploaded.recordId);
    if (files.length > 0) left.push(`${uploaded.recordId}: ${files.length} files left`);
  }
  cases.note(`thumbnail races: ${outcomes.join(", ")}`);
  cases.check(
    `a thumbnail built while its record is deleted leaves nothing in storage (${ROUNDS} races)`,
    left.length === 0,
    left.join("; "),
  );
}

async function processRace(inst: Instance, cases: Cases) {
  const user = await A.subscriber(inst, "delete-race", "pro");
  const uploads = await settledUploads(inst, user, ROUNDS, await I.oneMegapixel());
  const start = total(await balances(inst, user.id));
  const wrong: string[] = [];
  const seen: string[] = [];
  for (const uploaded of uploads) {
    const [processed, removed] = await Promise.all([
      A.processImage(inst, user, uploaded),
      deleteRecord(inst, user, uploaded.recordId),
    ]);
    seen.push(`process ${processed.status}/delete ${removed.status}`);
    if (![200, 404, 409].includes(processed.status)) wrong.push(`process ${got(processed, 100)}`);
    // Both cannot win: a job accepted for the record keeps it (409), a deleted record takes none.
    if (processed.status === 200 && removed.status !== 409)
      wrong.push(`process accepted and delete ${got(removed, 80)}`);
    if (processed.status !== 200 && removed.status !== 200)
      wrong.push(`process ${processed.status} and delete ${got(removed, 80)}`);
  }
  cases.note(`process/delete races: ${seen.join(", ")}`);
  cases.check(
    `process racing a delete answers 404 or 409 (or is accepted and the delete 409), never 500 (${ROUNDS} races)`,
    wrong.length === 0,
    wrong.join("; "),
  );
  const jobs = await waitJobs(inst, user.id, (rows) => rows.length === 0 || ended(rows), 300_000);
  await cases.run("balances equal ledger sums after the races; accepted jobs paid for right", () =>
    jobs.length === 0
      ? jobsAccountedFor(inst, user, start, [])
      : jobsAccountedFor(inst, user, start, jobs),
  );
}

async function s3Health(inst: Instance, cases: Cases, s3: OwnS3) {
  await sleep(2000);
  const from = Date.now();
  const statuses: number[] = [];
  while (Date.now() - from < 5000) {
    const round = await Promise.all(
      Array.from({ length: 32 }, () => request(inst.url, "/api/health", { timeoutMs: 10_000 })),
    );
    statuses.push(...round.map((a) => a.status));
  }
  const to = Date.now();
  const asked = s3.requestsBetween(from, to).length;
  const seconds = Math.ceil((to - from) / 1000);
  cases.check(
    "health under 32 concurrent probes answers 200",
    statuses.every((s) => s === 200),
    [...new Set(statuses)].join(","),
  );
  cases.check(
    `with S3_BUCKET, /api/health asks the bucket at most once a second (32 concurrent probes, ${statuses.length} in ${seconds} s)`,
    asked <= seconds + 1,
    `${asked} bucket requests in ${to - from} ms`,
  );
}

async function s3DeleteWhileDown(inst: Instance, cases: Cases, s3: OwnS3) {
  const user = await A.createUser(inst, "s3-delete");
  const [uploaded] = await settledUploads(inst, user, 1, I.photo("coffee.png"));
  const recordId = (uploaded as A.Uploaded).recordId;
  await A.get(inst, `${new URL((uploaded as A.Uploaded).url).pathname}?size=thumb`, user);
  cases.check(
    "the record's objects are in the bucket",
    s3.objectsNaming(recordId).length > 0,
    `${s3.objectsNaming(recordId).length} objects`,
  );
  await s3.stop();
  const health = await request(inst.url, "/api/health", { timeoutMs: 15_000 });
  cases.status(
    "health 503 naming the storage while S3 is down",
    health,
    503,
    errorOf(health).startsWith("Storage unavailable"),
  );
  const removed = await deleteRecord(inst, user, recordId);
  cases.status("a delete while S3 is down answers (200)", removed, 200);
  cases.status(
    "and the record is gone (404)",
    await A.get(inst, `/api/fal/images/${recordId}`, user),
    404,
  );
  await sleep(3000);
  await s3.start();
  const deadline = Date.now() + 240_000;
  while (s3.objectsNaming(recordId).length > 0 && Date.now() < deadline) await sleep(2000);
  cases.check(
    "once S3 is back, the sweep removes the deleted record's objects (within 4 min)",
    s3.objectsNaming(recordId).length === 0,
    `${s3.objectsNaming(recordId).length} objects left`,
  );
  cases.check("the server stayed up", inst.isServerUp(), "");
}

export function deleteScenarios(): Plan[] {
  return [
    scenario(
      "delete races: a thumbnail built while its record is deleted (sqlite-inline)",
      inline("thumb-race"),
      thumbnailRace,
    ),
    scenario(
      "delete races: process racing a delete (pg-inline)",
      { label: "delete-race-pg", database: "postgres" },
      processRace,
    ),
    {
      category: "faults",
      label: "S3: health under 32 probes, a delete while S3 is down (sqlite-inline, own s3rver)",
      run: (cases) =>
        withOwnS3("s3-faults", (s3) =>
          withInstance({ label: "s3-faults", env: s3.env() }, async (inst) => {
            await s3Health(inst, cases, s3);
            await s3DeleteWhileDown(inst, cases, s3);
          }),
        ),
    },
  ];
}
