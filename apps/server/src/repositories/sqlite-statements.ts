import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** Enough for every query the server writes (a few dozen) and better-auth's. */
const MAX_STATEMENTS = 500;

/**
 * The database as Kysely's SQLite dialect takes it, with each statement prepared once per SQL
 * text: Kysely prepares every query anew, and parsing and planning a join cost more than
 * running it (a tenth of a poll's time). A statement still being iterated (a streamed query)
 * is not handed out twice; the oldest statement makes room for a new one.
 */
export function reusingStatements(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(sql);
      if (kept) return statement;
      if (statements.size >= MAX_STATEMENTS) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
