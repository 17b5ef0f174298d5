import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { createDatabase, type DatabaseHandle } from "../../src/repositories/database.ts";
import { migrate } from "../../src/repositories/migrations/index.ts";
import type { Database } from "../../src/repositories/schema.ts";

const POSTGRES_URL = process.env.TEST_DATABASE_URL || undefined;

type Opened = { handle: DatabaseHandle; dispose(): Promise<void> };

type Target = {
  label: string;
  skip: boolean;
  /** A fresh, empty database of this kind. */
  open(): Promise<Opened>;
  /** A handle to a database of this kind that cannot answer. */
  openBroken(): Promise<Opened>;
};

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "backdrop-test-"));
}

/** A migrated SQLite database in a folder of its own, for suites that run on SQLite alone. */
export async function migratedSqlite(): Promise<DatabaseHandle> {
  const handle = createDatabase({ dialect: "sqlite", file: join(tempDir(), "backdrop.db") });
  await migrate(handle);
  return handle;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

const sqlite: Target = {
  label: "SQLite",
  skip: false,
  async open() {
    const dir = tempDir();
    const handle = createDatabase({ dialect: "sqlite", file: join(dir, "backdrop.db") });
    return {
      handle,
      async dispose() {
        await handle.db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  async openBroken() {
    const dir = tempDir();
    const raw = new SqliteDatabase(join(dir, "broken.db"));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
    raw.close();
    return {
      handle: { db, dialect: "sqlite" },
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: Target = {
  label: POSTGRES_URL ? "PostgreSQL" : "PostgreSQL (skipped: TEST_DATABASE_URL not set)",
  skip: !POSTGRES_URL,
  async open() {
    const url = POSTGRES_URL ?? "";
    const schema = `backdrop_test_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    await admin.query(`create schema ${schema}`);
    const handle = createDatabase({ dialect: "postgres", url, schema });
    return {
      handle,
      async dispose() {
        await handle.db.destroy();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      },
    };
  },
  async openBroken() {
    const url = new URL(POSTGRES_URL ?? "");
    url.hostname = "127.0.0.1";
    url.port = String(await closedPort());
    const handle = createDatabase({ dialect: "postgres", url: url.toString() });
    return { handle, dispose: () => handle.db.destroy() };
  },
};

if (postgres.skip) {
  console.warn("PostgreSQL integration suites skipped: set TEST_DATABASE_URL to run them.");
}

export type TestDatabase = {
  label: string;
  /** The suite's migrated database, emptied before each test. */
  handle(): DatabaseHandle;
  /** A database that fails every query; closed after the suite. */
  broken(): Promise<DatabaseHandle>;
  /** Another fresh database of the same kind, without migrations; closed after the suite. */
  fresh(): Promise<DatabaseHandle>;
};

async function emptyTables(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("image_jobs").execute();
  await db.deleteFrom("pending_deletions").execute();
  await db.deleteFrom("stored_files").execute();
  await db.deleteFrom("image_records").execute();
  await db.deleteFrom("contact_messages").execute();
  await db.deleteFrom("issue_reports").execute();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("token_ledger").execute();
  await db.deleteFrom("processed_payment_events").execute();
  await db.deleteFrom("sandbox_checkout_sessions").execute();
  await db.deleteFrom("sandbox_subscriptions").execute();
  await db.deleteFrom("sandbox_portal_sessions").execute();
  await db.deleteFrom("user_profiles").execute();
  await db.deleteFrom("session").execute();
  await db.deleteFrom("account").execute();
  await db.deleteFrom("verification").execute();
  await db.deleteFrom("user").execute();
}

/** Runs the same suite once per database kind, each on its own fresh database. */
export function describeEachDatabase(title: string, suite: (database: TestDatabase) => void) {
  for (const target of [sqlite, postgres]) {
    describe.skipIf(target.skip)(`${title} — ${target.label}`, () => {
      let opened: Opened | undefined;
      const extra: Opened[] = [];

      beforeAll(async () => {
        opened = await target.open();
        await migrate(opened.handle);
      });
      beforeEach(async () => {
        if (opened) await emptyTables(opened.handle.db);
      });
      afterAll(async () => {
        for (const item of [...extra, ...(opened ? [opened] : [])]) await item.dispose();
      });

      suite({
        label: target.label,
        handle() {
          if (!opened) throw new Error("database not opened yet");
          return opened.handle;
        },
        async broken() {
          const brokenDb = await target.openBroken();
          extra.push(brokenDb);
          return brokenDb.handle;
        },
        async fresh() {
          const freshDb = await target.open();
          extra.push(freshDb);
          return freshDb.handle;
        },
      });
    });
  }
}
