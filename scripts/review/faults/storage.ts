/** A full disk under FILES_DIR, and the database dropped while a job runs. */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as A from "../lib/actors.ts";
import { balances, countOf, total } from "../lib/db.ts";
import { filesUnder } from "../lib/files.ts";
import { type Answer, errorOf, got, type NoAnswer, request, sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import { Instance, runDirectory } from "../lib/instance.ts";
import type { Plan } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import {
  ended,
  jobsAccountedFor,
  M,
  onePhotos,
  scenario,
  startPaid,
  waitJobs,
  waitProcessing,
} from "./common.ts";

function freeBytes(dir: string): number {
  const out =
    execFileSync("df", ["-B1", "--output=avail", dir]).toString().trim().split("\n").pop() ?? "0";
  return Number(out);
}

/** No .partial file is left below `dir`. */
function noPartials(cases: Cases, name: string, dir: string) {
  const partials = filesUnder(dir).filter((f) => f.endsWith(".partial"));
  cases.check(name, partials.length === 0, partials.join(","));
}

/** FILES_DIR on the 20 MB tmpfs at `mountPoint`, filled up while the instance runs. */
async function diskFull(cases: Cases, mountPoint: string) {
  const filler = join(mountPoint, "filler.bin");
  let inst: Instance | null = null;
  try {
    inst = await Instance.start({
      label: "disk-full",
      env: { FILES_DIR: mountPoint, MIN_FREE_DISK_MB: "5" },
    });
    const user = await A.subscriber(inst, "disk", "pro");
    const [uploaded] = await onePhotos(inst, user, 1);
    cases.status("healthy with 20 MB free", await request(inst.url, "/api/health"), 200);
    writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(mountPoint) - 3_000_000)));
    // Health reuses a free-space reading for up to a second (health.service.ts).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const low = await request(inst.url, "/api/health");
    cases.status(
      "health 503 below MIN_FREE_DISK_MB",
      low,
      503,
      /^Disk unavailable: \d+ MB free, below the 5 MB needed/.test(errorOf(low)),
    );
    cases.check(
      "health names the disk and its free space",
      errorOf(low).startsWith("Disk unavailable"),
      errorOf(low),
    );
    // Leave about 150 KB: nothing of any size fits.
    writeFileSync(
      join(mountPoint, "filler2.bin"),
      Buffer.alloc(Math.max(0, freeBytes(mountPoint) - 150_000)),
    );
    const notCutout = "kind <> 'cutout'";
    const rowsBefore = await countOf(inst, "stored_files", user.id, notCutout);
    const big = await I.noise(600, 600);
    const refused = await A.postUpload(inst, user, big);
    cases.check(
      "an upload that cannot be written answers a clean error",
      [500, 503, 507].includes(refused.status) && errorOf(refused) === M.uploadFailed,
      `${refused.status} ${refused.status ? refused.text : ""}`,
    );
    const rowsAfter = await countOf(inst, "stored_files", user.id, notCutout);
    cases.check("no row for the failed upload", rowsAfter === rowsBefore, "");
    noPartials(cases, "no .partial file left after the failed upload", mountPoint);
    const start = total(await balances(inst, user.id));
    // Inline jobs: the queue takes jobs whatever the disk (its answer to a full disk is the
    // health endpoint's 503, which takes the instance out of the balancer); so 200, then a
    // failed job refunded.
    const accepted = await A.processImage(inst, user, uploaded as A.Uploaded);
    cases.status(
      "a job is still accepted: 200 (the disk check is the health endpoint's)",
      accepted,
      200,
    );
    const jobs = await waitJobs(inst, user.id, ended, 240_000);
    cases.check(
      "the job whose result cannot be written fails",
      jobs[0]?.status === "failed",
      `${jobs[0]?.status} ${jobs[0]?.error}`,
    );
    await cases.run("and is refunded on pro (storage is the platform's failure)", () =>
      jobsAccountedFor(inst as Instance, user, start, jobs),
    );
    noPartials(cases, "no .partial file left after the failed result", mountPoint);
    rmSync(filler, { force: true });
    rmSync(join(mountPoint, "filler2.bin"), { force: true });
    cases.status(
      "health back to 200 once space is freed",
      await request(inst.url, "/api/health"),
      200,
    );
    cases.check("the server stayed up", inst.isServerUp(), "");
  } finally {
    await inst?.stop();
  }
}

async function databaseDropped(inst: Instance, cases: Cases) {
  const user = await A.subscriber(inst, "dbdown", "pro");
  const [uploaded] = await onePhotos(inst, user, 1);
  cases.status("healthy at first", await request(inst.url, "/api/health"), 200);
  const running = await startPaid(inst, user, uploaded as A.Uploaded);
  await waitProcessing(inst, user.id, running, 1);
  const admin = "postgres://postgres@127.0.0.1:5432/postgres";
  execFileSync("psql", [admin, "-qc", `drop database ${inst.pgDatabase} with (force)`]);
  await sleep(2000);
  const health = await request(inst.url, "/api/health", { timeoutMs: 15_000 });
  cases.status(
    "health 503 naming the database",
    health,
    503,
    errorOf(health).startsWith("Database unavailable"),
  );
  // Without its database the server cannot tell who is signed in (401) or do the work (500 or
  // 503): any of them, as a JSON error and at once, is a clean answer.
  const withoutDatabase: [string, () => Promise<Answer | NoAnswer>][] = [
    [
      "API calls answer a clean JSON error, not a hang",
      () => A.get(inst, `/api/auth/get-user-tokens?uid=${user.id}`, user),
    ],
    ["an upload answers a clean JSON error", () => A.postUpload(inst, user, I.photo("coffee.png"))],
    [
      "a new job answers a clean JSON error",
      () => A.processImage(inst, user, uploaded as A.Uploaded),
    ],
  ];
  for (const [name, send] of withoutDatabase) {
    const answer = await send();
    cases.check(
      name,
      [401, 500, 503].includes(answer.status) && answer.json !== undefined,
      got(answer, 80),
    );
  }
  await sleep(20_000);
  cases.check(
    "the server stays up while its database is gone (20 s, job running)",
    inst.isServerUp(),
    `exit ${inst.server?.child.exitCode}`,
  );
  cases.status(
    "and still answers /api/health (503)",
    await request(inst.url, "/api/health", { timeoutMs: 15_000 }),
    503,
  );
}

export function storageScenarios(): Plan[] {
  return [
    {
      category: "faults",
      label: "disk full: FILES_DIR on a 20 MB tmpfs, MIN_FREE_DISK_MB=5 (sqlite-inline)",
      run: async (cases) => {
        const mountPoint = join(runDirectory(), "tmpfs-files");
        mkdirSync(mountPoint, { recursive: true });
        try {
          execFileSync("mount", ["-t", "tmpfs", "-o", "size=20m", "tmpfs", mountPoint]);
        } catch (error) {
          const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
          cases.notRun(
            "disk full: FILES_DIR on a 20 MB tmpfs (every case of this scenario)",
            `tmpfs could not be mounted (${why}); run as root, or where mount is allowed`,
          );
          return;
        }
        try {
          await diskFull(cases, mountPoint);
        } finally {
          try {
            execFileSync("umount", [mountPoint]);
          } catch {
            execFileSync("umount", ["-l", mountPoint]);
          }
        }
      },
    },
    scenario(
      "database dropped mid-flight (pg-inline)",
      { label: "db-down", database: "postgres" },
      databaseDropped,
    ),
  ];
}
