import { Hono } from "hono";
import type { HealthReport, HealthService } from "../services/health.service.ts";

const PART_NAMES = {
  database: "Database",
  queue: "Job queue",
  disk: "Disk",
  storage: "Storage",
} as const;

/** The first failing part, worded for a person reading the answer. */
function firstProblem({ checks }: HealthReport): string {
  for (const [part, check] of Object.entries(checks)) {
    if (check.status === "error") {
      return `${PART_NAMES[part as keyof typeof PART_NAMES]} unavailable: ${check.error}`;
    }
  }
  return "Unavailable";
}

export function healthRoutes(health: HealthService): Hono {
  return new Hono().get("/health", async (c) => {
    const report = await health.check();
    c.header("Cache-Control", "no-store");
    if (report.ok) return c.json({ status: "ok", checks: report.checks });
    return c.json({ status: "error", error: firstProblem(report), checks: report.checks }, 503);
  });
}
