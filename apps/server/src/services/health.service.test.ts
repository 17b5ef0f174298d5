import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../repositories/schema.ts";
import { createHealthService, READING_MS } from "./health.service.ts";

/** A bucket that counts how often it is asked; each answer can be held back or made to fail. */
function countingBucket() {
  let asked = 0;
  let next: () => Promise<void> = async () => {};
  return {
    ping: () => {
      asked += 1;
      return next();
    },
    asked: () => asked,
    answerWith(answer: () => Promise<void>) {
      next = answer;
    },
  };
}

function held() {
  let release = () => {};
  const answer = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release: () => release() };
}

describe("the health of a bucket", () => {
  const databases: Kysely<Database>[] = [];
  afterEach(async () => {
    for (const db of databases.splice(0)) await db.destroy();
  });

  function setup() {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(":memory:") }),
    });
    databases.push(db);
    const bucket = countingBucket();
    let now = Date.UTC(2026, 0, 1);
    const health = createHealthService({
      db,
      storage: { kind: "bucket", ping: bucket.ping },
      clock: { now: () => now },
    });
    return { health, bucket, advance: (ms: number) => (now += ms) };
  }

  it("asks the bucket once for checks that come together", async () => {
    const { health, bucket } = setup();
    const reports = await Promise.all(Array.from({ length: 32 }, () => health.check()));
    expect(bucket.asked()).toBe(1);
    for (const report of reports) {
      expect(report).toEqual({
        ok: true,
        checks: { database: { status: "ok" }, storage: { status: "ok" } },
      });
    }
  });

  it("asks again only once its last answer is a second old", async () => {
    const { health, bucket, advance } = setup();
    await health.check();
    advance(READING_MS - 1);
    for (let i = 0; i < 10; i++) await health.check();
    expect(bucket.asked()).toBe(1);
    advance(1);
    await health.check();
    await health.check();
    expect(bucket.asked()).toBe(2);
  });

  it("reuses a refusal for the second too, and reports it", async () => {
    const { health, bucket, advance } = setup();
    bucket.answerWith(async () => {
      throw new Error("bucket b: access denied");
    });
    const first = await health.check();
    const second = await health.check();
    expect(bucket.asked()).toBe(1);
    for (const report of [first, second]) {
      expect(report).toEqual({
        ok: false,
        checks: {
          database: { status: "ok" },
          storage: { status: "error", error: "bucket b: access denied" },
        },
      });
    }
    bucket.answerWith(async () => {});
    advance(READING_MS);
    expect((await health.check()).ok).toBe(true);
    expect(bucket.asked()).toBe(2);
  });

  it("answers with the last answer while a slow bucket is asked again, and asks it once", async () => {
    const { health, bucket, advance } = setup();
    await health.check();
    advance(READING_MS);
    const slow = held();
    bucket.answerWith(slow.answer);
    // The bucket has not answered yet: each check answers with the last reading meanwhile.
    const reports = await Promise.all(Array.from({ length: 5 }, () => health.check()));
    expect(reports.every((report) => report.ok)).toBe(true);
    expect(bucket.asked()).toBe(2);
    slow.release();
    await health.check();
    expect(bucket.asked()).toBe(2);
  });
});
