import type { Kysely, Migration } from "kysely";

/**
 * Image records, the files stored for them, and the jobs that make new ones. The jobs' rows
 * are the truth about work in flight: a restarted process resumes from them.
 */
export const imagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("image_records")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("user_id", "text", (column) =>
        column.notNull().references("user.id").onDelete("cascade"),
      )
      .addColumn("original_file_id", "text", (column) => column.notNull())
      .addColumn("processed_file_id", "text")
      .addColumn("upscaled_file_id", "text")
      .addColumn("status", "text", (column) => column.notNull())
      .addColumn("stage", "text")
      .addColumn("error", "text")
      .addColumn("prompt", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("image_records_user_id")
      .on("image_records")
      .columns(["user_id", "created_at"])
      .execute();

    await db.schema
      .createTable("stored_files")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("user_id", "text", (column) =>
        column.notNull().references("user.id").onDelete("cascade"),
      )
      .addColumn("record_id", "text", (column) =>
        column.notNull().references("image_records.id").onDelete("cascade"),
      )
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("storage_key", "text", (column) => column.notNull())
      .addColumn("content_type", "text", (column) => column.notNull())
      .addColumn("byte_size", "integer", (column) => column.notNull())
      .addColumn("width", "integer", (column) => column.notNull())
      .addColumn("height", "integer", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("stored_files_record_id")
      .on("stored_files")
      .columns(["record_id", "created_at"])
      .execute();

    await db.schema
      .createTable("image_jobs")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("record_id", "text", (column) =>
        column.notNull().references("image_records.id").onDelete("cascade"),
      )
      .addColumn("user_id", "text", (column) =>
        column.notNull().references("user.id").onDelete("cascade"),
      )
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("status", "text", (column) => column.notNull())
      .addColumn("stage", "text")
      .addColumn("source_file_id", "text", (column) => column.notNull())
      .addColumn("input", "text", (column) => column.notNull())
      .addColumn("cost", "integer", (column) => column.notNull())
      .addColumn("debit_key", "text", (column) => column.notNull())
      .addColumn("refund_on_failure", "integer", (column) => column.notNull())
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("lease_until", "bigint")
      .addColumn("result_file_id", "text")
      .addColumn("error", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("image_jobs_status")
      .on("image_jobs")
      .columns(["status", "lease_until"])
      .execute();
    await db.schema
      .createIndex("image_jobs_record_id")
      .on("image_jobs")
      .columns(["record_id", "status"])
      .execute();
  },
};
