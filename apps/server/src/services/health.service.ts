import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import { setTimeout } from "node:timers/promises";
import type { Kysely } from "kysely";
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

/** How long a free-space reading is taken as current. */
const DISK_READING_MS = 1_000;
/** How long a check waits for a new reading before it answers with the last one. */
const DISK_WAIT_MS = 500;

async function probe(run: () => Promise<void>): Promise<HealthCheck> {
  try {
    await run();
    return { status: "ok" };
  } catch (error) {
    return { status: "error", error: describeError(error) };
  }
}

/** The free space of the folder that stores images, against the least it must have. */
function diskProbe(filesDir: string, minFreeBytes: number): () => Promise<DiskCheck> {
  async function measureDisk(): Promise<DiskCheck> {
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
  }

  // Reading the free space goes through libuv's small thread pool, which image work can keep
  // busy for seconds: a reading is reused for a moment, and when a new one is slow to come the
  // check answers with the last one while the new one finishes behind it.
  let lastDisk: { at: number; report: DiskCheck } | null = null;
  let measuring: Promise<DiskCheck> | null = null;
  return async function disk(): Promise<DiskCheck> {
    if (lastDisk && Date.now() - lastDisk.at < DISK_READING_MS) return lastDisk.report;
    measuring ??= measureDisk()
      .then((report) => {
        lastDisk = { at: Date.now(), report };
        return report;
      })
      .finally(() => {
        measuring = null;
      });
    const previous = lastDisk?.report;
    if (!previous) return measuring;
    return Promise.race([measuring, setTimeout(DISK_WAIT_MS).then(() => previous)]);
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
}): HealthService {
  const { storage } = deps;
  const checkStorage =
    storage.kind === "disk"
      ? diskProbe(storage.filesDir, storage.minFreeBytes)
      : () => probe(storage.ping);
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
