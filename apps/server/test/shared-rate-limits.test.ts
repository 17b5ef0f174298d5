import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../src/lib/logger.ts";
import { createRateLimiter } from "../src/lib/rate-limiter.ts";
import { createRedisRateLimiter } from "../src/lib/redis-rate-limiter.ts";
import { createDatabase, type DatabaseHandle } from "../src/repositories/database.ts";
import { migrate } from "../src/repositories/migrations/index.ts";
import { migratedSqlite } from "./helpers/databases.ts";
import { photoBytes, postUpload, upload } from "./helpers/generations.ts";
import { verifiedUser } from "./helpers/identity.ts";
import { type ChildProduct, startChild } from "./helpers/server-process.ts";
import { APP_URL, createTestApp } from "./helpers/test-app.ts";

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const systemClock = { now: () => Date.now() };

function post(base: string, path: string, body: unknown) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify(body),
  });
}

describe.skipIf(!REDIS_URL)("rate limits held in Redis", () => {
  const prefix = `backdrop-limits-${randomUUID().slice(0, 8)}`;
  const connections: Redis[] = [];
  const connect = () => {
    const connection = new Redis(REDIS_URL ?? "", { maxRetriesPerRequest: 1 });
    connections.push(connection);
    return connection;
  };
  afterAll(() => {
    for (const connection of connections) connection.disconnect();
  });

  const limiterOn = (connection: Redis, limit = 3) =>
    createRedisRateLimiter({
      connection,
      keyPrefix: `${prefix}:unit`,
      limit,
      windowMs: 60_000,
      fallback: createRateLimiter({ limit, windowMs: 60_000, clock: systemClock }),
      logger: silentLogger,
    });

  it("counts hits from two connections against one limit", async () => {
    const [a, b] = [limiterOn(connect()), limiterOn(connect())];
    expect(await a.hit("ip-1")).toEqual({ allowed: true, remaining: 2 });
    expect(await b.hit("ip-1")).toEqual({ allowed: true, remaining: 1 });
    expect(await a.hit("ip-1")).toEqual({ allowed: true, remaining: 0 });
    const refused = await b.hit("ip-1");
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(50);
    expect((await b.hit("ip-2")).allowed).toBe(true);
  });

  it("keeps limiting in this process while Redis is unreachable", async () => {
    const away = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    connections.push(away);
    const limiter = limiterOn(away, 2);
    expect((await limiter.hit("ip-1")).allowed).toBe(true);
    expect((await limiter.hit("ip-1")).allowed).toBe(true);
    expect((await limiter.hit("ip-1")).allowed).toBe(false);
  });
});

/** Two server processes on one database and one Redis, as behind a load balancer. */
describe.skipIf(!REDIS_URL)("two server processes share every limit", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "backdrop-limits-"));
  const env = {
    REDIS_URL: REDIS_URL ?? "",
    JOB_QUEUE_PREFIX: `backdrop-limits-${randomUUID().slice(0, 8)}`,
    DATA_DIR: dataDir,
    SUPPORT_RATE_LIMIT: "3/60",
    AUTH_RATE_LIMIT: "2/60",
  };
  let servers: ChildProduct[] = [];

  beforeAll(async () => {
    // Migrated before either starts, so neither races the other at it.
    const database = createDatabase({ dialect: "sqlite", file: join(dataDir, "backdrop.db") });
    await migrate(database);
    await database.db.destroy();
    servers = await Promise.all([
      startChild("main", env, /Backdrop is running/),
      startChild("main", env, /Backdrop is running/),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends the same request to each server in turn; answers the statuses. */
  async function alternate(times: number, send: (base: string) => Promise<Response>) {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) {
      const res = await send(servers[i % 2]?.url ?? "");
      await res.body?.cancel();
      statuses.push(res.status);
    }
    return statuses;
  }

  it("support messages", async () => {
    const message = {
      name: "Ada",
      email: "ada@example.com",
      subject: "Hello",
      message: "A question about plans.",
    };
    const statuses = await alternate(4, (base) => post(base, "/api/email/contact", message));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("sign-in attempts", async () => {
    const attempt = { email: "nobody@example.com", password: "wrong-password-1" };
    const statuses = await alternate(3, (base) =>
      post(base, "/api/identity/sign-in/email", attempt),
    );
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("scene previews", async () => {
    const statuses = await alternate(121, (base) =>
      post(base, "/api/fal/scene-preview", { prompt: "on a marble counter" }),
    );
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  }, 60_000);
});

describe.skipIf(!REDIS_URL)("uploads, per user, across two servers", () => {
  let database: DatabaseHandle;
  const env = {
    REDIS_URL: REDIS_URL ?? "",
    JOB_QUEUE_PREFIX: `backdrop-limits-${randomUUID().slice(0, 8)}`,
    UPLOAD_RATE_LIMIT: "2/60",
  };
  beforeAll(async () => {
    database = await migratedSqlite();
  });
  afterAll(() => database.db.destroy());

  it("refuses the third upload whichever server takes it", async () => {
    const [a, b] = [createTestApp(database, { env }), createTestApp(database, { env })];
    const ada = await verifiedUser(a, "ada@example.com");
    await upload(a, ada);
    await upload(b, ada);
    const third = await postUpload(a, ada, photoBytes("coffee.png"));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    await Promise.all([a.container.close(), b.container.close()]);
  });
});
