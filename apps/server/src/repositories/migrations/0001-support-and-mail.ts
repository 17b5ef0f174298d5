import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("user_id", "text")
    .addColumn("client_ip", "text", (column) => column.notNull())
    .addColumn("mail_status", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_created_at")
    .on("contact_messages")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("issue_reports")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("issue_type", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("attachment_link", "text")
    .addColumn("email", "text")
    .addColumn("user_id", "text")
    .addColumn("client_ip", "text", (column) => column.notNull())
    .addColumn("mail_status", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("issue_reports_created_at")
    .on("issue_reports")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("to_address", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("text_body", "text", (column) => column.notNull())
    .addColumn("html_body", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("mail_outbox_created_at")
    .on("mail_outbox")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.dropTable("issue_reports").execute();
  await db.schema.dropTable("contact_messages").execute();
}
