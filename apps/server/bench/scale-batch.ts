/**
 * A batch of generations through the product's API, as users make them: each user signs up,
 * subscribes, uploads photos, then all presses on Generate go at once. How the jobs ended is
 * read from the database, the truth the workers write.
 */
import { GENERATION_MESSAGES, type JobStatus } from "@backdrop/shared";
import type { Kysely } from "kysely";
import type { Database } from "../src/repositories/schema.ts";
import { loadPhoto, PHOTOS } from "./photos.ts";
import {
  type Session,
  signedInUser,
  startProcessing,
  subscribe,
  upload,
} from "./product-client.ts";

/** An uploaded photo waiting for its press on Generate. */
export type Prepared = {
  user: Session;
  upload: Awaited<ReturnType<typeof upload>>;
  prompt: string;
};

export type JobCounts = Record<JobStatus, number> & { timedOut: number; retried: number };

export type BatchOutcome = {
  jobs: number;
  counts: JobCounts;
  /** From the first job accepted to the last one ended, by the database's timestamps. */
  spanMs: number;
  /** The mean time a job spent running, from its start to its end. */
  meanRunMs: number;
  /** All jobs ended before the deadline. */
  ended: boolean;
};

const TIMED_OUT = new Set<string>([
  GENERATION_MESSAGES.requestTimedOut,
  GENERATION_MESSAGES.upscaleTimedOut,
]);
const POLL_MS = 200;
/** Uploads in flight at once while a batch is prepared (untimed). */
const UPLOADS_AT_ONCE = 4;

let photoVariant = 0;

/** `users` subscribers with `perUser` uploads each (photos of about `pixels`, each unseen). */
export async function prepareUploads(
  base: string,
  users: number,
  perUser: number,
  pixels: number,
): Promise<Prepared[]> {
  const sessions: Session[] = [];
  for (let i = 0; i < users; i++) {
    const user = await signedInUser(base);
    await subscribe(user, "elite");
    sessions.push(user);
  }
  // Round-robin, so that any prefix of the list is spread over every user.
  const wanted = Array.from({ length: users * perUser }, (_, i) => ({
    user: sessions[i % users] as Session,
    photo: PHOTOS[i % PHOTOS.length] as (typeof PHOTOS)[number],
    variant: ++photoVariant,
  }));
  const prepared: Prepared[] = [];
  for (let start = 0; start < wanted.length; start += UPLOADS_AT_ONCE) {
    const group = wanted.slice(start, start + UPLOADS_AT_ONCE);
    const uploads = await Promise.all(
      group.map(async ({ user, photo, variant }) => {
        const image = await loadPhoto(photo.file, pixels, variant);
        const uploaded = await upload(user, image.bytes, image.contentType);
        return { user, upload: uploaded, prompt: photo.prompt };
      }),
    );
    prepared.push(...uploads);
  }
  return prepared;
}

/** Presses Generate on every upload at once; resolves once the server accepted them all. */
export async function pressGenerate(batch: readonly Prepared[]): Promise<void> {
  await Promise.all(
    batch.map(({ user, upload: uploaded, prompt }) =>
      startProcessing(user, uploaded, prompt, "queue"),
    ),
  );
}

const recordIdsOf = (batch: readonly Prepared[]) =>
  batch.map((item) => item.upload.savedBaseImage._id);

/** The batch's jobs of one kind, as the database has them now. */
function jobsOf(db: Kysely<Database>, recordIds: string[], kind: "generate" | "cutout") {
  return db
    .selectFrom("image_jobs")
    .select(["status", "error", "attempts", "created_at", "started_at", "updated_at"])
    .where("record_id", "in", recordIds)
    .where("kind", "=", kind)
    .execute();
}

type JobRow = Awaited<ReturnType<typeof jobsOf>>[number];

const isEnded = (row: JobRow) => row.status === "completed" || row.status === "failed";

function countJobs(rows: readonly JobRow[]): JobCounts {
  const counts: JobCounts = {
    queued: 0,
    processing: 0,
    completed: 0,
    failed: 0,
    timedOut: 0,
    retried: 0,
  };
  for (const row of rows) {
    counts[row.status] += 1;
    if (row.status === "failed" && row.error && TIMED_OUT.has(row.error)) counts.timedOut += 1;
    if (Number(row.attempts) > 1) counts.retried += 1;
  }
  return counts;
}

function outcomeOf(rows: readonly JobRow[], ended: boolean): BatchOutcome {
  const created = rows.map((row) => Number(row.created_at));
  const updated = rows.map((row) => Number(row.updated_at));
  const runs = rows
    .filter((row) => row.started_at !== null && isEnded(row))
    .map((row) => Number(row.updated_at) - Number(row.started_at));
  return {
    jobs: rows.length,
    counts: countJobs(rows),
    spanMs: Math.max(...updated) - Math.min(...created),
    meanRunMs: runs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, runs.length),
    ended,
  };
}

/**
 * Waits until every job of `kind` on the batch's records has ended (or `deadlineMs` passed),
 * and tells how they ended.
 */
export async function waitForBatch(
  db: Kysely<Database>,
  batch: readonly Prepared[],
  kind: "generate" | "cutout",
  deadlineMs: number,
): Promise<BatchOutcome> {
  const recordIds = recordIdsOf(batch);
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const rows = await jobsOf(db, recordIds, kind);
    const ended = rows.length === batch.length && rows.every(isEnded);
    if (ended || Date.now() > deadline) return outcomeOf(rows, ended);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
