import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { reusingStatements } from "./sqlite-statements.ts";

export type DatabaseDialect = "sqlite" | "postgres";

export type DatabaseConfig =
  | { dialect: "sqlite"; file: string }
  /** `schema` sets the connection's search_path (tests use a throw-away schema). */
  | { dialect: "postgres"; url: string; schema?: string };

export type DatabaseHandle = { db: Kysely<Database>; dialect: DatabaseDialect };

export function databaseConfigFor(env: {
  databaseUrl: string | null;
  sqliteFile: string;
}): DatabaseConfig {
  return env.databaseUrl
    ? { dialect: "postgres", url: env.databaseUrl }
    : { dialect: "sqlite", file: env.sqliteFile };
}

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === "postgres") {
    const pool = new pg.Pool({
      connectionString: config.url,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on("error", () => {});
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
    };
  }
  mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: reusingStatements(sqlite) }),
    }),
    dialect: "sqlite",
  };
}

/** Runs a real round trip to the database; rejects with the driver's error when it is down. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
