import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import type { Kysely } from "kysely";
import { describeError } from "../lib/errors.ts";
import { pingDatabase } from "../repositories/database.ts";
import type { Database } from "../repositories/schema.ts";

export type HealthCheck = { status: "ok" } | { status: "error"; error: string };

export type HealthReport = {
  ok: boolean;
  /** Each part checked; `queue` only when jobs go through Redis. */
  checks: {
    database: HealthCheck;
    queue?: HealthCheck;
    disk: HealthCheck & { freeBytes?: number };
  };
};

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
const DISK_READING_MS = 10_000;

async function probe(run: () => Promise<void>): Promise<HealthCheck> {
  try {
    await run();
    return { status: "ok" };
  } catch (error) {
    return { status: "error", error: describeError(error) };
  }
}

/**
 * What a load balancer needs to know: the database answers, the job queue answers (when there
 * is one), and the disk that stores images has room (every write fails once it is full).
 */
export function createHealthService(deps: {
  db: Kysely<Database>;
  /** Rejects when the job queue does not answer; absent when jobs run in-process. */
  pingQueue?: () => Promise<void>;
  filesDir: string;
  minFreeBytes: number;
}): HealthService {
  async function measureDisk(): Promise<HealthReport["checks"]["disk"]> {
    try {
      const freeBytes = await freeBytesAt(deps.filesDir);
      if (freeBytes >= deps.minFreeBytes) return { status: "ok", freeBytes };
      const megabytes = (bytes: number) => `${Math.floor(bytes / 1_000_000)} MB`;
      return {
        status: "error",
        error: `${megabytes(freeBytes)} free, below the ${megabytes(deps.minFreeBytes)} needed`,
        freeBytes,
      };
    } catch (error) {
      return { status: "error", error: describeError(error) };
    }
  }

  // Reading the free space goes through libuv's small thread pool, which image work can keep
  // busy for seconds: the health check answers with the last reading and refreshes it behind.
  let lastDisk: { at: number; report: HealthReport["checks"]["disk"] } | null = null;
  let measuring: Promise<HealthReport["checks"]["disk"]> | null = null;
  function disk(): Promise<HealthReport["checks"]["disk"]> {
    const fresh = lastDisk && Date.now() - lastDisk.at < DISK_READING_MS;
    if (!fresh && !measuring) {
      measuring = measureDisk()
        .then((report) => {
          lastDisk = { at: Date.now(), report };
          return report;
        })
        .finally(() => {
          measuring = null;
        });
    }
    if (lastDisk) return Promise.resolve(lastDisk.report);
    return measuring ?? measureDisk();
  }

  return {
    async check() {
      const { pingQueue } = deps;
      const [database, queue, space] = await Promise.all([
        probe(() => pingDatabase(deps.db)),
        pingQueue ? probe(pingQueue) : undefined,
        disk(),
      ]);
      const checks: HealthReport["checks"] = { database, ...(queue ? { queue } : {}), disk: space };
      const ok = Object.values(checks).every((check) => check.status === "ok");
      return { ok, checks };
    },
  };
}
