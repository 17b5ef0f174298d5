import type { Kysely, Migration } from "kysely";

/**
 * Storage keys awaiting removal (issue 26, point 5): written in the transaction that deletes
 * the rows naming them, removed one by one as storage confirms each key gone, and retried by
 * the sweep until it does. `user_id` has no foreign key: a deleted account's keys stay listed
 * until its files are gone.
 */
export const pendingDeletionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("pending_deletions")
      .addColumn("key", "text", (column) => column.primaryKey())
      .addColumn("user_id", "text")
      .addColumn("reason", "text", (column) => column.notNull())
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("pending_deletions_next_attempt_at")
      .on("pending_deletions")
      .column("next_attempt_at")
      .execute();
  },
};
