import type { Kysely, Migration } from "kysely";

/**
 * Issue 14's catalogue tools:
 * - `stored_files.content_hash` names an upload's bytes, so the same photo uploaded again by
 *   the same user takes its earlier cut-out instead of a new one;
 * - `image_records.variations`: the takes of the latest generation, as JSON
 *   (`[{ "fileId", "seed" }]`), the chosen one being `processed_file_id`.
 */
export const catalogueToolsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("stored_files").addColumn("content_hash", "text").execute();
    await db.schema
      .createIndex("stored_files_user_id_content_hash")
      .on("stored_files")
      .columns(["user_id", "content_hash"])
      .execute();
    await db.schema.alterTable("image_records").addColumn("variations", "text").execute();
  },
};
