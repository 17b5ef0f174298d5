import type { JobStatus } from "@backdrop/shared";
import type { Kysely, Selectable } from "kysely";
import type { Database, ImageJobsTable, JobKind } from "./schema.ts";

export type ImageJob = {
  id: string;
  recordId: string;
  userId: string;
  kind: JobKind;
  status: JobStatus;
  stage: string | null;
  sourceFileId: string;
  input: Record<string, unknown>;
  cost: number;
  debitKey: string;
  refundOnFailure: boolean;
  attempts: number;
  leaseUntil: number | null;
  /** When the latest attempt started; null while the job has never left the queue. */
  startedAt: number | null;
  resultFileId: string | null;
  error: string | null;
  createdAt: number;
  updatedAt: number;
};

export type NewImageJob = Omit<
  ImageJob,
  | "status"
  | "stage"
  | "attempts"
  | "leaseUntil"
  | "startedAt"
  | "resultFileId"
  | "error"
  | "updatedAt"
>;

function toJob(row: Selectable<ImageJobsTable>): ImageJob {
  return {
    id: row.id,
    recordId: row.record_id,
    userId: row.user_id,
    kind: row.kind,
    status: row.status,
    stage: row.stage,
    sourceFileId: row.source_file_id,
    input: JSON.parse(row.input) as Record<string, unknown>,
    cost: Number(row.cost),
    debitKey: row.debit_key,
    refundOnFailure: Number(row.refund_on_failure) === 1,
    attempts: Number(row.attempts),
    leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    resultFileId: row.result_file_id,
    error: row.error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const ACTIVE: JobStatus[] = ["queued", "processing"];

export type ImageJobStatements = ReturnType<typeof imageJobStatements>;

/** The jobs table, on the database or inside a transaction. */
export function imageJobStatements(db: Kysely<Database>) {
  /** The record's latest job of `kind`, whatever became of it; undefined without one. */
  async function latestOfKind(recordId: string, kind: JobKind): Promise<ImageJob | undefined> {
    const row = await db
      .selectFrom("image_jobs")
      .selectAll()
      .where("record_id", "=", recordId)
      .where("kind", "=", kind)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    return row ? toJob(row) : undefined;
  }

  return {
    async insert(job: NewImageJob): Promise<void> {
      await db
        .insertInto("image_jobs")
        .values({
          id: job.id,
          record_id: job.recordId,
          user_id: job.userId,
          kind: job.kind,
          status: "queued",
          stage: "queued",
          source_file_id: job.sourceFileId,
          input: JSON.stringify(job.input),
          cost: job.cost,
          debit_key: job.debitKey,
          refund_on_failure: job.refundOnFailure ? 1 : 0,
          created_at: job.createdAt,
          updated_at: job.createdAt,
        })
        .execute();
    },

    async find(id: string): Promise<ImageJob | undefined> {
      const row = await db
        .selectFrom("image_jobs")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    /** Whether a job the user waits on is queued or running for the record (not the cut-out). */
    async hasActiveJob(recordId: string): Promise<boolean> {
      const row = await db
        .selectFrom("image_jobs")
        .select("id")
        .where("record_id", "=", recordId)
        .where("status", "in", ACTIVE)
        .where("kind", "<>", "cutout")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many of the user's jobs (not background ones) wait in line, not started yet. */
    async waitingCountOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom("image_jobs")
        .select((eb) => eb.fn.countAll<number | string>().as("waiting"))
        .where("user_id", "=", userId)
        .where("status", "=", "queued")
        .where("kind", "<>", "cutout")
        .executeTakeFirst();
      return Number(row?.waiting ?? 0);
    },

    /** The record's upload cut-out job while it waits in line or a worker runs it. */
    async unfinishedCutout(recordId: string): Promise<ImageJob | undefined> {
      const row = await db
        .selectFrom("image_jobs")
        .selectAll()
        .where("record_id", "=", recordId)
        .where("kind", "=", "cutout")
        .where("status", "in", ACTIVE)
        .executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    /** The record's latest upload cut-out job, whatever became of it; undefined without one. */
    latestCutout: (recordId: string) => latestOfKind(recordId, "cutout"),

    /** The record's latest generation job, whatever became of it; undefined without one. */
    latestGeneration: (recordId: string) => latestOfKind(recordId, "generate"),

    /** The raw input of each edit job that made one of these files, by the file's id. */
    async editInputsOf(resultFileIds: string[]): Promise<Map<string, Record<string, unknown>>> {
      if (resultFileIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("image_jobs")
        .select(["result_file_id", "input"])
        .where("kind", "=", "edit")
        .where("result_file_id", "in", resultFileIds)
        .execute();
      return new Map(
        rows.flatMap((row) =>
          row.result_file_id
            ? [[row.result_file_id, JSON.parse(row.input) as Record<string, unknown>] as const]
            : [],
        ),
      );
    },

    /**
     * Removes the record's jobs: ended ones, and a background cut-out, which then finds its job
     * gone and keeps nothing (callers check `hasActiveJob` first).
     */
    async deleteOfRecord(recordId: string): Promise<void> {
      await db.deleteFrom("image_jobs").where("record_id", "=", recordId).execute();
    },

    /**
     * Takes the job for one worker: a queued job, or a processing one whose worker stopped
     * renewing its lease. Undefined when another worker holds it or it has finished.
     */
    async claim(id: string, now: number, leaseUntil: number): Promise<ImageJob | undefined> {
      const row = await db
        .updateTable("image_jobs")
        .set((eb) => ({
          status: "processing",
          attempts: eb("attempts", "+", 1),
          lease_until: leaseUntil,
          started_at: now,
          updated_at: now,
        }))
        .where("id", "=", id)
        .where((eb) =>
          eb.or([
            eb("status", "=", "queued"),
            eb.and([eb("status", "=", "processing"), eb("lease_until", "<", now)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    /**
     * Gives a running job back to the line, as if this attempt had never started: a worker
     * shutting down hands it to another at once instead of holding it until its lease runs out.
     */
    async release(id: string, attempt: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable("image_jobs")
        .set((eb) => ({
          status: "queued",
          attempts: eb("attempts", "-", 1),
          lease_until: null,
          stage: null,
          updated_at: now,
        }))
        .where("id", "=", id)
        .where("status", "=", "processing")
        .where("attempts", "=", attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Keeps the lease while the worker is alive; false when the job is no longer its own. */
    async renewLease(id: string, attempt: number, leaseUntil: number): Promise<boolean> {
      const result = await db
        .updateTable("image_jobs")
        .set({ lease_until: leaseUntil })
        .where("id", "=", id)
        .where("status", "=", "processing")
        .where("attempts", "=", attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Records what the attempt is doing; false once the attempt no longer runs the job. */
    async setStage(id: string, attempt: number, stage: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable("image_jobs")
        .set({ stage, updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "processing")
        .where("attempts", "=", attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Ends the job as `attempt` of it saw it; false when a later attempt or the recovery
     * sweep finished or took it first, so exactly one outcome is ever written.
     */
    async finish(
      id: string,
      attempt: number | null,
      outcome: { status: "completed"; resultFileId: string } | { status: "failed"; error: string },
      now: number,
    ): Promise<boolean> {
      let query = db
        .updateTable("image_jobs")
        .set({
          status: outcome.status,
          stage: null,
          lease_until: null,
          result_file_id: outcome.status === "completed" ? outcome.resultFileId : null,
          error: outcome.status === "failed" ? outcome.error : null,
          updated_at: now,
        })
        .where("id", "=", id)
        .where("status", "in", ACTIVE);
      if (attempt !== null) query = query.where("attempts", "=", attempt);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Jobs still waiting for their first start that were accepted before `acceptedBefore`. */
    async queuedSince(acceptedBefore: number, limit: number): Promise<ImageJob[]> {
      const rows = await db
        .selectFrom("image_jobs")
        .selectAll()
        .where("status", "=", "queued")
        .where("created_at", "<", acceptedBefore)
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map(toJob);
    },

    /** Jobs nobody is working on: queued ones, and processing ones whose lease has passed. */
    async orphans(now: number, limit: number): Promise<ImageJob[]> {
      const rows = await db
        .selectFrom("image_jobs")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb("status", "=", "queued"),
            eb.and([eb("status", "=", "processing"), eb("lease_until", "<", now)]),
          ]),
        )
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map(toJob);
    },
  };
}
