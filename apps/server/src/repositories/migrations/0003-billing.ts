import { type Kysely, type Migration, sql } from "kysely";
import type { DatabaseDialect } from "../database.ts";

/**
 * The token ledger, the payment events already applied, and the sandbox payment provider's
 * own records. Balances may never go below zero: a CHECK on PostgreSQL, triggers on SQLite
 * (which cannot add a CHECK to an existing table).
 */
export function billingMigration(dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("user_profiles")
        .addColumn("subscription_synced_at", "bigint")
        .execute();
      if (dialect === "postgres") {
        await sql`alter table user_profiles add constraint user_profiles_balances_non_negative
          check (num_of_tokens >= 0 and subscription_tokens >= 0)`.execute(db);
      } else {
        for (const event of ["insert", "update"]) {
          await sql`${sql.raw(`create trigger user_profiles_balances_non_negative_${event}
            before ${event} on user_profiles
            when new.num_of_tokens < 0 or new.subscription_tokens < 0
            begin select raise(abort, 'token balance below zero'); end`)}`.execute(db);
        }
      }

      await db.schema
        .createTable("token_ledger")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) =>
          column.notNull().references("user.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("delta_tokens", "integer", (column) => column.notNull())
        .addColumn("delta_subscription_tokens", "integer", (column) => column.notNull())
        .addColumn("tokens_after", "integer", (column) => column.notNull())
        .addColumn("subscription_tokens_after", "integer", (column) => column.notNull())
        .addColumn("idempotency_key", "text", (column) => column.notNull().unique())
        .addColumn("reference", "text")
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("token_ledger_user_id")
        .on("token_ledger")
        .columns(["user_id", "created_at"])
        .execute();

      await db.schema
        .createTable("processed_payment_events")
        .addColumn("event_id", "text", (column) => column.primaryKey())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("sandbox_checkout_sessions")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) =>
          column.notNull().references("user.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("plan_id", "text")
        .addColumn("token_count", "integer")
        .addColumn("amount_cents", "integer", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .addColumn("completed_at", "bigint")
        .execute();

      await db.schema
        .createTable("sandbox_subscriptions")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) =>
          column.notNull().references("user.id").onDelete("cascade"),
        )
        .addColumn("plan_id", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("cancel_at_period_end", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("period_start", "bigint", (column) => column.notNull())
        .addColumn("period_end", "bigint", (column) => column.notNull())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .addColumn("updated_at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("sandbox_subscriptions_user_id")
        .on("sandbox_subscriptions")
        .column("user_id")
        .execute();

      await db.schema
        .createTable("sandbox_portal_sessions")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) =>
          column.notNull().references("user.id").onDelete("cascade"),
        )
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .execute();
    },
  };
}
