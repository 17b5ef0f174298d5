/**
 * Category 3: tampered requests are refused and charge nothing; races never overspend; replayed
 * and concurrent checkouts credit once; the F2 cycle gives at most one elite month's tokens for
 * $24; quotes are what is applied; downgrades move nothing; refunds follow docs/decisions.md;
 * takes: no debit for a photo without a subject, upscale and edit of the chosen take only.
 */
import * as A from "../lib/actors.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { type MoneyOptions, moneyRun } from "./common.ts";
import { f2Cycle, quotes } from "./plan-changes.ts";
import { checkouts, races } from "./races.ts";
import { books, jobsEnded, redisDown, startInputFailures } from "./refunds.ts";
import { takes } from "./takes.ts";
import { generationTampering } from "./tamper-generation.ts";
import { paymentTampering } from "./tamper-payments.ts";

export type { MoneyOptions } from "./common.ts";

export async function money(inst: Instance, cases: Cases, options: MoneyOptions): Promise<void> {
  const m = moneyRun(inst, cases);
  const inputFailures = options.jobsRun ? await startInputFailures(m) : [];
  const tamperers = {
    starter: await A.subscriber(inst, "tamper-starter", "starter"),
    elite: await A.subscriber(inst, "tamper-elite", "elite"),
    free: await A.createUser(inst, "tamper-free"),
    stranger: await A.subscriber(inst, "stranger", "pro"),
  };
  await paymentTampering(m, tamperers);
  await generationTampering(m, tamperers);
  if (options.jobsRun) await takes(m);
  await races(m);
  await checkouts(m);
  await f2Cycle(m);
  await quotes(m);
  if (options.redis) await redisDown(m, options.redis);
  if (options.jobsRun) await jobsEnded(m, inputFailures);
  await books(m);
}
