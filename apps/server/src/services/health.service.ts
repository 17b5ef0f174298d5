import type { Kysely } from "kysely";
import { describeError } from "../lib/errors.ts";
import { pingDatabase } from "../repositories/database.ts";
import type { Database } from "../repositories/schema.ts";

export type HealthReport = { ok: true } | { ok: false; reason: string };

export type HealthService = { check(): Promise<HealthReport> };

export function createHealthService(db: Kysely<Database>): HealthService {
  return {
    async check() {
      try {
        await pingDatabase(db);
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: describeError(error) };
      }
    },
  };
}
