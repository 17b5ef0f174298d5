import { getMigrations } from "better-auth/db/migration";
import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "../src/repositories/database.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { createTestApp } from "./helpers/test-app.ts";

const AUTH_TABLES = ["user", "session", "account", "verification"];

const withGoogle = {
  GOOGLE_CLIENT_ID: "client-id",
  GOOGLE_CLIENT_SECRET: "client-secret",
  GOOGLE_DISCOVERY_URL: "http://127.0.0.1:9/.well-known/openid-configuration",
};

/** The DDL of better-auth's tables as the database itself reports it. */
async function describeAuthTables({ db, dialect }: DatabaseHandle): Promise<unknown> {
  const raw = db as unknown as Kysely<unknown>;
  if (dialect === "sqlite") {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master
      where tbl_name in (${sql.join(AUTH_TABLES)}) order by type, name`.execute(raw);
    return rows;
  }
  const tables = sql.join(AUTH_TABLES);
  const columns = await sql`
    select table_name, column_name, ordinal_position, data_type, is_nullable, column_default
    from information_schema.columns
    where table_schema = current_schema() and table_name in (${tables})
    order by table_name, ordinal_position`.execute(raw);
  const constraints = await sql`
    select rel.relname as table_name, con.conname, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con join pg_class rel on rel.oid = con.conrelid
    where rel.relnamespace = current_schema()::regnamespace and rel.relname in (${tables})
    order by rel.relname, con.conname`.execute(raw);
  const indexes = await sql`
    select tablename, indexname, replace(indexdef, current_schema() || '.', '') as definition
    from pg_indexes where schemaname = current_schema() and tablename in (${tables})
    order by tablename, indexname`.execute(raw);
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

describeEachDatabase("better-auth schema", (database) => {
  it.each([
    ["without Google", {}],
    ["with Google", withGoogle],
  ])("needs nothing beyond our migrations %s", async (_case, env) => {
    const { container } = createTestApp(database.handle(), { env });
    const warnings: string[] = [];
    const plan = await getMigrations(
      {
        ...container.identity.options,
        logger: { level: "warn", log: (_level, message) => warnings.push(message) },
      },
      { throwOnUnsafe: false },
    );
    expect(plan.toBeCreated.map((table) => table.table)).toEqual([]);
    expect(plan.toBeAdded.map((table) => [table.table, Object.keys(table.fields)])).toEqual([]);
    expect(plan.toBeAddedIndexes.map((index) => index.name)).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
    expect(plan.unsafeChanges).toEqual([]);
    // Type or nullability drift is only logged by better-auth.
    expect(warnings).toEqual([]);
  });

  it("creates exactly the tables, columns and indexes better-auth would create", async () => {
    const { container } = createTestApp(database.handle(), { env: withGoogle });
    const empty = await database.fresh();
    const plan = await getMigrations({
      ...container.identity.options,
      database: { db: empty.db, type: empty.dialect },
    });
    expect(plan.toBeCreated.map((table) => table.table)).toEqual(AUTH_TABLES);
    await plan.runMigrations();

    expect(await describeAuthTables(database.handle())).toEqual(await describeAuthTables(empty));
  });
});
