import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  sql,
} from "kysely";
import type { DatabaseDialect } from "../database.ts";

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
type Table = CreateTableBuilder<string, never>;

/**
 * better-auth's tables exactly as better-auth 1.7.25 generates them for each dialect (its
 * column names, its types, its indexes), followed by our own per-user product data.
 * test/identity-schema.test.ts fails when better-auth's expectations and this file part.
 */
export function accountsMigration(dialect: DatabaseDialect): Migration {
  const postgres = dialect === "postgres";
  const timestamp = postgres ? "timestamptz" : "date";
  const boolean = postgres ? "boolean" : "integer";
  const required: Column = (column) => column.notNull();
  // PostgreSQL gets better-auth's CURRENT_TIMESTAMP defaults on these columns; SQLite none.
  const stamped: Column = (column) =>
    postgres ? column.defaultTo(sql`CURRENT_TIMESTAMP`).notNull() : column.notNull();
  const userId: Column = (column) => column.notNull().references("user.id").onDelete("cascade");
  const withId = (table: Table) =>
    table.addColumn("id", "text", (column) => column.notNull().primaryKey());

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("user"))
        .addColumn("name", "text", required)
        .addColumn("email", "text", (column) => column.notNull().unique())
        .addColumn("emailVerified", boolean, required)
        .addColumn("image", "text")
        .addColumn("createdAt", timestamp, stamped)
        .addColumn("updatedAt", timestamp, stamped)
        .execute();

      await withId(db.schema.createTable("session"))
        .addColumn("expiresAt", timestamp, required)
        .addColumn("token", "text", (column) => column.notNull().unique())
        .addColumn("createdAt", timestamp, stamped)
        .addColumn("updatedAt", timestamp, required)
        .addColumn("ipAddress", "text")
        .addColumn("userAgent", "text")
        .addColumn("userId", "text", userId)
        .execute();

      await withId(db.schema.createTable("account"))
        .addColumn("accountId", "text", required)
        .addColumn("providerId", "text", required)
        .addColumn("userId", "text", userId)
        .addColumn("accessToken", "text")
        .addColumn("refreshToken", "text")
        .addColumn("idToken", "text")
        .addColumn("accessTokenExpiresAt", timestamp)
        .addColumn("refreshTokenExpiresAt", timestamp)
        .addColumn("scope", "text")
        .addColumn("password", "text")
        .addColumn("createdAt", timestamp, stamped)
        .addColumn("updatedAt", timestamp, required)
        .execute();

      await withId(db.schema.createTable("verification"))
        .addColumn("identifier", "text", required)
        .addColumn("value", "text", required)
        .addColumn("expiresAt", timestamp, required)
        .addColumn("createdAt", timestamp, stamped)
        .addColumn("updatedAt", timestamp, stamped)
        .execute();

      await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
      await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
      await db.schema
        .createIndex("verification_identifier_idx")
        .on("verification")
        .column("identifier")
        .execute();

      await db.schema
        .createTable("user_profiles")
        .addColumn("user_id", "text", (column) =>
          column.primaryKey().references("user.id").onDelete("cascade"),
        )
        .addColumn("name", "text", required)
        .addColumn("provider", "text", required)
        .addColumn("num_of_tokens", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("subscription_tokens", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("subscription_plan_id", "text", (column) => column.notNull().defaultTo("free"))
        .addColumn("subscription_status", "text")
        .addColumn("subscription_end_date", "bigint")
        .addColumn("subscription_renewal_date", "bigint")
        .addColumn("stripe_customer_id", "text", (column) => column.unique())
        .addColumn("stripe_subscription_id", "text", (column) => column.unique())
        .addColumn("created_at", "bigint", required)
        .addColumn("updated_at", "bigint", required)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ["user_profiles", "verification", "account", "session", "user"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
