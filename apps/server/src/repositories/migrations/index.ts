import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Database } from "../schema.ts";
import * as supportAndMail from "./0001-support-and-mail.ts";

/** Every migration, in order. Names sort lexically, which is the order Kysely applies them. */
const MIGRATIONS: Record<string, Migration> = {
  "0001-support-and-mail": supportAndMail,
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/** Brings the schema up to date; safe to run on every start and from concurrent processes. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((result) => result.migrationName);
}
