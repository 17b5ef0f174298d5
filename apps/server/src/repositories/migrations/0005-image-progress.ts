import type { Kysely, Migration } from "kysely";

/**
 * How much of the running job's current stage is done, 0..1, or null when nobody knows.
 * `double precision` is a float on PostgreSQL and has REAL affinity on SQLite.
 */
export const imageProgressMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("image_records").addColumn("progress", "double precision").execute();
  },
};
