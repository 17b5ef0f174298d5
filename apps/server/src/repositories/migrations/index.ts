import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { DatabaseDialect, DatabaseHandle } from "../database.ts";
import type { Database } from "../schema.ts";
import * as supportAndMail from "./0001-support-and-mail.ts";
import { accountsMigration } from "./0002-accounts.ts";
import { billingMigration } from "./0003-billing.ts";
import { imagesMigration } from "./0004-images.ts";
import { imageProgressMigration } from "./0005-image-progress.ts";
import { safetyMigration } from "./0006-safety.ts";
import { catalogueToolsMigration } from "./0007-catalogue-tools.ts";
import { productFidelityMigration } from "./0008-product-fidelity.ts";
import { pendingDeletionsMigration } from "./0009-pending-deletions.ts";
import { sourceNamesMigration } from "./0010-source-names.ts";
import { firstSignInMigration } from "./0011-first-sign-in.ts";

/**
 * Every migration, in order. Names sort lexically, which is the order Kysely applies them.
 * A migration that differs by dialect is built for the one at hand.
 */
function migrationsFor(dialect: DatabaseDialect): Record<string, Migration> {
  return {
    "0001-support-and-mail": supportAndMail,
    "0002-accounts": accountsMigration(dialect),
    "0003-billing": billingMigration(dialect),
    "0004-images": imagesMigration,
    "0005-image-progress": imageProgressMigration,
    "0006-safety": safetyMigration,
    "0007-catalogue-tools": catalogueToolsMigration,
    "0008-product-fidelity": productFidelityMigration,
    "0009-pending-deletions": pendingDeletionsMigration,
    "0010-source-names": sourceNamesMigration,
    "0011-first-sign-in": firstSignInMigration,
  };
}

/** Brings the schema up to date; safe to run on every start and from concurrent processes. */
export async function migrate({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrationTableSchema = dialect === "postgres" ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((result) => result.migrationName);
}

/**
 * Kysely looks for its bookkeeping tables in every schema it can see, so another schema's
 * `kysely_migration` would be taken for ours; name the connection's own schema explicitly.
 */
async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("PostgreSQL has no current schema: check the search_path");
  return schema;
}
