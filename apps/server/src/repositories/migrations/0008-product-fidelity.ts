import type { Kysely, Migration } from "kysely";

/**
 * Issue 15's product fidelity: `stored_files.subject` holds, for a result, where the upload's
 * subject lies in it and how close its pixels are to the photo's, as JSON (see
 * stored-subject.ts); the map of the differences is a file of kind `difference`.
 */
export const productFidelityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("stored_files").addColumn("subject", "text").execute();
  },
};
