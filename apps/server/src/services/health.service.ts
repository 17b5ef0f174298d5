import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import { setTimeout } from "node:timers/promises";
import type { Kysely } from "kysely";
import { type Clock, systemClock } from "../lib/clock.ts";
import { describeError } from "../lib/errors.ts";
import { pingDatabase } from "../repositories/database.ts";
import type { Database } from "../repositories/schema.ts";

export type HealthCheck = { status: "ok" } | { status: "error"; error: string };

export type HealthReport = {
  ok: boolean;
  /**
   * Each part checked; `queue` only when jobs go through Redis; `disk` when images are stored
   * on disk, `storage` (the bucket) when they are stored in S3.
   */
  checks: {
    database: HealthCheck;
    queue?: HealthCheck;
    disk?: DiskCheck;
    storage?: HealthCheck;
  };
};

type DiskCheck = HealthCheck & { freeBytes?: number };

/** Where the images live: a folder that must have room, or a bucket that must answer. */
export type StorageProbe =
  | { kind: "disk"; filesDir: string; minFreeBytes: number }
  | { kind: "bucket"; ping: () => Promise<void> };

export type HealthService = { check(): Promise<HealthReport> };

/** Free bytes for an unprivileged writer on the file system holding `path` (or its nearest parent). */
async function freeBytesAt(path: string): Promise<number> {
  for (let at = path; ; at = dirname(at)) {
    try {
      const stats = await statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const missing = (error as { code?: string }).code === "ENOENT";
      if (!missing || dirname(at) === at) throw error;
    }
  }
}

/** How long a reading (free space, the bucket's answer) is taken as current. */
export const READING_MS = 1_000;
/** How long a check waits for a new reading before it answers with the last one. */
export const READING_WAIT_MS = 500;

async function probe(run: () => Promise<void>): Promise<HealthCheck> {
  try {
    await run();
    return { status: "ok" };
  } catch (error) {
    return { status: "error", error: describeError(error) };
  }
}

/**
 * `measure` taken at most once per READING_MS, however many checks come: a reading is reused
 * for that long, checks that come while one is being taken share it, and when a new one is
 * slow to come a check answers with the last one while the new one finishes behind it.
 * `measure` must not reject (a failure is a reading too).
 */
export function reusedReading<T>(measure: () => Promise<T>, clock: Clock): () => Promise<T> {
  let last: { at: number; reading: T } | null = null;
  let measuring: Promise<T> | null = null;
  return async function reading(): Promise<T> {
    if (last && clock.now() - last.at < READING_MS) return last.reading;
    measuring ??= measure()
      .then((reading) => {
        last = { at: clock.now(), reading };
        return reading;
      })
      .finally(() => {
        measuring = null;
      });
    const previous = last?.reading;
    if (previous === undefined) return measuring;
    return Promise.race([measuring, setTimeout(READING_WAIT_MS).then(() => previous)]);
  };
}

/** The free space of the folder that stores images, against the least it must have. */
function measureDisk(filesDir: string, minFreeBytes: number): () => Promise<DiskCheck> {
  return async () => {
    try {
      const freeBytes = await freeBytesAt(filesDir);
      if (freeBytes >= minFreeBytes) return { status: "ok", freeBytes };
      const megabytes = (bytes: number) => `${Math.floor(bytes / 1_000_000)} MB`;
      return {
        status: "error",
        error: `${megabytes(freeBytes)} free, below the ${megabytes(minFreeBytes)} needed`,
        freeBytes,
      };
    } catch (error) {
      return { status: "error", error: describeError(error) };
    }
  };
}

/**
 * What a load balancer needs to know: the database answers, the job queue answers (when there
 * is one), and images can be stored: the disk that keeps them has room (every write fails once
 * it is full), or the bucket that keeps them answers.
 */
export function createHealthService(deps: {
  db: Kysely<Database>;
  /** Rejects when the job queue does not answer; absent when jobs run in-process. */
  pingQueue?: () => Promise<void>;
  storage: StorageProbe;
  clock?: Clock;
}): HealthService {
  const { storage, clock = systemClock } = deps;
  // Reading the free space goes through libuv's small thread pool, which image work can keep
  // busy for seconds; asking the bucket is a request that its provider bills, and health is
  // open to anyone. Either is taken at most once a second, and never waited on for long.
  const checkStorage: () => Promise<HealthCheck> = reusedReading(
    storage.kind === "disk"
      ? measureDisk(storage.filesDir, storage.minFreeBytes)
      : () => probe(storage.ping),
    clock,
  );
  const storagePart = storage.kind === "disk" ? "disk" : "storage";

  return {
    async check() {
      const { pingQueue } = deps;
      const [database, queue, stored] = await Promise.all([
        probe(() => pingDatabase(deps.db)),
        pingQueue ? probe(pingQueue) : undefined,
        checkStorage(),
      ]);
      const checks: HealthReport["checks"] = {
        database,
        ...(queue ? { queue } : {}),
        [storagePart]: stored,
      };
      const ok = Object.values(checks).every((check) => check.status === "ok");
      return { ok, checks };
    },
  };
}
