import type { Kysely, Migration } from "kysely";

/**
 * `image_records.source_name`: the upload's own file name as the seller's computer had it
 * (cleaned and bounded at upload, see source-name.ts), so downloads can be named after it.
 * Null for records made before, and for uploads sent without a name.
 */
export const sourceNamesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("image_records").addColumn("source_name", "text").execute();
  },
};
