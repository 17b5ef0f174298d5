/**
 * The PostgreSQL database and the Redis keys of one `npm run bench:scale` run: made fresh, and
 * removed again afterwards, whatever happened.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/** A new, empty database next to the one `adminUrl` names (`bench_scale_<random>`). */
export async function freshPostgres(adminUrl: string): Promise<BenchDatabase> {
  const name = `bench_scale_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // FORCE: a worker killed mid-query may leave a connection behind.
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Deletes every key under the run's queue prefix; resolves to how many went. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let deleted = 0;
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== "0");
    return deleted;
  } finally {
    redis.disconnect();
  }
}
