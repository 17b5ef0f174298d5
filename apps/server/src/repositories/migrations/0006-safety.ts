import { type Kysely, type Migration, sql } from "kysely";

/**
 * What the reliability and security review asked for:
 * - `image_jobs.started_at`: a job's time limit counts from when a worker starts it;
 * - `user_profiles.period_plan_id`: the highest plan paid for in the running period, so a plan
 *   change never charges or grants twice for the same period;
 * - `sandbox_charges`: every amount the sandbox provider charged, as Stripe keeps invoices;
 * - one running sandbox subscription per user, held by the database itself;
 * - `stored_files(user_id)`: a user's stored bytes are summed for the storage quota.
 */
export const safetyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("image_jobs").addColumn("started_at", "bigint").execute();
    await db.schema.alterTable("user_profiles").addColumn("period_plan_id", "text").execute();
    // Running subscriptions are paid at the plan they show now.
    await sql`update user_profiles set period_plan_id = subscription_plan_id
      where subscription_plan_id in ('starter', 'pro', 'elite')`.execute(db);

    await db.schema
      .createTable("sandbox_charges")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("user_id", "text", (column) =>
        column.notNull().references("user.id").onDelete("cascade"),
      )
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("amount_cents", "integer", (column) => column.notNull())
      .addColumn("reference", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("sandbox_charges_user_id")
      .on("sandbox_charges")
      .columns(["user_id", "created_at"])
      .execute();

    await db.schema
      .createIndex("sandbox_subscriptions_one_running")
      .on("sandbox_subscriptions")
      .column("user_id")
      .unique()
      .where(sql.ref("status"), "<>", "canceled")
      .execute();

    await db.schema
      .createIndex("stored_files_user_id")
      .on("stored_files")
      .column("user_id")
      .execute();
  },
};
