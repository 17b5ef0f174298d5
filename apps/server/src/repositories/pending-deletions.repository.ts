import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** A storage key awaiting removal, as the sweep sees it. */
export type PendingDeletion = {
  key: string;
  userId: string | null;
  reason: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
};

export type PendingDeletionStatements = ReturnType<typeof pendingDeletionStatements>;

/** The storage keys awaiting removal, on the database or inside a transaction. */
export function pendingDeletionStatements(db: Kysely<Database>) {
  return {
    /** Lists the keys; one already listed keeps its row (and its count of attempts). */
    async add(
      keys: string[],
      owner: { userId: string | null; reason: string },
      now: number,
      firstAttemptAt: number,
    ): Promise<void> {
      const unique = [...new Set(keys)];
      // A few hundred rows a statement keeps well under both databases' parameter limits.
      for (let start = 0; start < unique.length; start += 200) {
        const rows = unique.slice(start, start + 200).map((key) => ({
          key,
          user_id: owner.userId,
          reason: owner.reason,
          attempts: 0,
          next_attempt_at: firstAttemptAt,
          created_at: now,
        }));
        await db
          .insertInto("pending_deletions")
          .values(rows)
          .onConflict((conflict) => conflict.column("key").doNothing())
          .execute();
      }
    },

    /** The key is gone from storage: nothing more to do. */
    async done(key: string): Promise<void> {
      await db.deleteFrom("pending_deletions").where("key", "=", key).execute();
    },

    /** Keys whose next attempt is due, the longest waiting first. */
    async due(now: number, limit: number): Promise<PendingDeletion[]> {
      const rows = await db
        .selectFrom("pending_deletions")
        .selectAll()
        .where("next_attempt_at", "<=", now)
        .orderBy("next_attempt_at")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        key: row.key,
        userId: row.user_id,
        reason: row.reason,
        attempts: Number(row.attempts),
        nextAttemptAt: Number(row.next_attempt_at),
        createdAt: Number(row.created_at),
      }));
    },

    /**
     * Takes the key's next attempt and puts off the one after it to `nextAttemptAt`, only if
     * nobody took this attempt first (`seenAt`: when it was due as read); false otherwise.
     */
    async claim(key: string, seenAt: number, nextAttemptAt: number): Promise<boolean> {
      const result = await db
        .updateTable("pending_deletions")
        .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: nextAttemptAt }))
        .where("key", "=", key)
        .where("next_attempt_at", "=", seenAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Every key still listed (tests, and the logs of an operator). */
    async keys(): Promise<string[]> {
      const rows = await db.selectFrom("pending_deletions").select("key").orderBy("key").execute();
      return rows.map((row) => row.key);
    },
  };
}
