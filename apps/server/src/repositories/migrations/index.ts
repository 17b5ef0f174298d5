import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { DatabaseDialect, DatabaseHandle } from "../database.ts";
import * as supportAndMail from "./0001-support-and-mail.ts";
import { accountsMigration } from "./0002-accounts.ts";

/**
 * Every migration, in order. Names sort lexically, which is the order Kysely applies them.
 * A migration that differs by dialect is built for the one at hand.
 */
function migrationsFor(dialect: DatabaseDialect): Record<string, Migration> {
  return {
    "0001-support-and-mail": supportAndMail,
    "0002-accounts": accountsMigration(dialect),
  };
}

/** Brings the schema up to date; safe to run on every start and from concurrent processes. */
export async function migrate({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((result) => result.migrationName);
}
