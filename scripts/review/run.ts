/**
 * The review harness: starts real instances one at a time, runs the six categories against
 * them and prints cases / passed / failed / not run per category and instance, then every
 * failure and every case that could not run here.
 *
 *   npm run review                        # everything
 *   npm run review -- authz money         # some categories (authz uploads money faults websec rights)
 *   npm run review -- --instances sqlite  # only instance labels containing "sqlite"
 *   npm run review -- faults --instances "kill -9,S3:"  # labels containing either
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { authorisation } from "./authz/index.ts";
import { faultScenarios } from "./faults/index.ts";
import {
  cleanupEverything,
  type InstanceOptions,
  SHARED_REDIS,
  withInstance,
  withOwnRedis,
} from "./lib/instance.ts";
import { onInstance, type Plan } from "./lib/plan.ts";
import { Cases } from "./lib/report.ts";
import { money } from "./money/index.ts";
import { rights } from "./rights/index.ts";
import { badUploads, uploadLimits } from "./uploads/index.ts";
import { webSecurity, webSecurityVariants } from "./websec/index.ts";

const SQLITE: InstanceOptions = { label: "sqlite-inline", env: { SUPPORT_RATE_LIMIT: "1000/600" } };
const PG_BULLMQ: InstanceOptions = {
  label: "pg-bullmq",
  database: "postgres",
  redisUrl: SHARED_REDIS,
  env: { SUPPORT_RATE_LIMIT: "1000/600" },
};

function plans(): Plan[] {
  return [
    onInstance("authz", "sqlite-inline", SQLITE, authorisation),
    onInstance("authz", "pg-bullmq", PG_BULLMQ, authorisation),
    onInstance("uploads", "sqlite-inline", SQLITE, badUploads),
    onInstance("uploads", "pg-bullmq", { ...PG_BULLMQ, workers: 0 }, badUploads),
    onInstance(
      "uploads",
      "sqlite limits (UPLOAD_RATE_LIMIT=5/600, quotas 2/6 MB)",
      {
        label: "sqlite-limits",
        env: { UPLOAD_RATE_LIMIT: "5/600", FREE_STORAGE_QUOTA_MB: "2", STORAGE_QUOTA_MB: "6" },
      },
      uploadLimits,
    ),
    onInstance(
      "money",
      "sqlite-inline",
      { label: "sqlite-money", env: { JOB_CONCURRENCY: "1" } },
      (inst, cases) => money(inst, cases, { jobsRun: true }),
    ),
    {
      category: "money",
      label: "pg-bullmq (own Redis, no worker)",
      run: (cases) =>
        withOwnRedis(6391, (redis) =>
          withInstance(
            {
              label: "pg-bullmq-money",
              database: "postgres",
              redisUrl: redis.url,
              workers: 0,
              env: { JOB_QUEUE_WAIT_LIMIT_SECONDS: "60" },
            },
            (inst) => money(inst, cases, { jobsRun: false, redis }),
          ),
        ),
    },
    ...faultScenarios(),
    onInstance("websec", "sqlite-inline", { ...SQLITE, label: "sqlite-websec" }, webSecurity),
    ...webSecurityVariants(),
    onInstance("rights", "sqlite-inline", { ...SQLITE, label: "sqlite-rights" }, rights),
    onInstance("rights", "pg-bullmq", { ...PG_BULLMQ, label: "pg-rights" }, rights),
  ];
}

function table(all: Cases[]): string {
  const rows = [["category", "instance", "cases", "passed", "failed", "not run"]];
  const counts = (c: Cases) => [c.results.length, c.passed, c.failed, c.notRunCount];
  for (const c of all) rows.push([c.category, c.instance, ...counts(c).map(String)]);
  for (const category of [...new Set(all.map((c) => c.category))]) {
    const sums = [0, 0, 0, 0];
    for (const c of all.filter((of) => of.category === category)) {
      counts(c).forEach((n, i) => {
        sums[i] = (sums[i] ?? 0) + n;
      });
    }
    rows.push([category, "(all)", ...sums.map(String)]);
  }
  const widths =
    rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  return rows
    .map((row) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`)
    .join("\n");
}

async function main() {
  const args = process.argv.slice(2);
  const instanceFilter = args.includes("--instances")
    ? (args[args.indexOf("--instances") + 1] ?? "")
    : "";
  const categories = args.filter(
    (arg, i) => !arg.startsWith("--") && args[i - 1] !== "--instances",
  );
  const selected = plans().filter(
    (plan) =>
      (categories.length === 0 || categories.includes(plan.category)) &&
      (!instanceFilter || instanceFilter.split(",").some((part) => plan.label.includes(part))),
  );
  const started = Date.now();
  const all: Cases[] = [];
  for (const plan of selected) {
    const cases = new Cases(plan.category, plan.label);
    console.log(`\n== ${plan.category} on ${plan.label}`);
    try {
      await plan.run(cases);
    } catch (error) {
      cases.check(
        "setup and teardown",
        false,
        error instanceof Error ? (error.stack ?? error.message) : String(error),
      );
    }
    cases.endedAt = Date.now();
    const notRun = cases.notRunCount ? `, ${cases.notRunCount} not run` : "";
    console.log(
      `   ${cases.passed}/${cases.results.length} passed${notRun} in ${Math.round((cases.endedAt - cases.startedAt) / 1000)} s`,
    );
    all.push(cases);
  }
  await cleanupEverything();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n${table(all)}\n`);
  for (const c of all) {
    for (const result of c.results.filter((r) => !r.passed)) {
      const what = result.notRun ? "NOT RUN" : "FAILED";
      console.log(`${what} [${c.category} / ${c.instance}] ${result.name}\n    ${result.detail}`);
    }
    for (const note of c.notes) console.log(`note [${c.category} / ${c.instance}] ${note}`);
  }
  const sum = (count: (c: Cases) => number) => all.reduce((acc, c) => acc + count(c), 0);
  console.log(`\nTotal run time: ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
  console.log(
    `review: ${sum((c) => c.passed)} passed, ${sum((c) => c.failed)} failed, ${sum((c) => c.notRunCount)} skipped`,
  );
  const report = join(
    tmpdir(),
    `backdrop-review-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  writeFileSync(
    report,
    JSON.stringify(
      {
        seconds,
        runs: all.map((c) => ({
          category: c.category,
          instance: c.instance,
          results: c.results,
          notes: c.notes,
          seconds: Math.round((c.endedAt - c.startedAt) / 1000),
        })),
      },
      null,
      2,
    ),
  );
  console.log(`Report: ${report}`);
  process.exitCode = all.some((c) => c.failed > 0) ? 1 : 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanupEverything().finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanupEverything();
  process.exit(2);
});
