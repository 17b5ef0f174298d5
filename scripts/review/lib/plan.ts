import { type Instance, type InstanceOptions, withInstance } from "./instance.ts";
import type { Cases } from "./report.ts";

/** One row of the summary: a category run against one instance (or a set-up of its own). */
export type Plan = { category: string; label: string; run: (cases: Cases) => Promise<void> };

/** The cases of a category against a running instance. */
export type Probe = (inst: Instance, cases: Cases) => Promise<void>;

/** A plan that runs `probe` on a fresh instance, always stopped and removed afterwards. */
export function onInstance(
  category: string,
  label: string,
  options: InstanceOptions,
  probe: Probe,
): Plan {
  return { category, label, run: (cases) => withInstance(options, (inst) => probe(inst, cases)) };
}
