/**
 * Category 4: fault scenarios on real processes — overload (the F1 reproduction), kill -9 of
 * servers and workers, Redis unreachable or stopping, a full disk, the database dropped, live
 * stream limits, a flood of visitors' previews, stalled downloads, delete races and S3 (health
 * and a delete while the bucket is down). Each scenario runs on an instance of its own and is
 * one row of the table.
 */
import type { Plan } from "../lib/plan.ts";
import { burstScenarios } from "./burst.ts";
import { deleteScenarios } from "./deletes.ts";
import { downloadScenarios } from "./downloads.ts";
import { floodScenarios } from "./flood.ts";
import { killScenarios } from "./kills.ts";
import { loadScenarios } from "./load.ts";
import { redisScenarios } from "./redis.ts";
import { storageScenarios } from "./storage.ts";

export function faultScenarios(): Plan[] {
  return [
    ...burstScenarios(),
    ...killScenarios(),
    ...redisScenarios(),
    ...storageScenarios(),
    ...loadScenarios(),
    ...floodScenarios(),
    ...downloadScenarios(),
    ...deleteScenarios(),
  ];
}
