/**
 * How `npm run bench:scale` sets up the fal engine, alike in its server and its workers. The fal
 * engine borrows the local engine for each upload's cut-out and for putting the product back
 * after every model call: ISNet and pixel work, bound by the machine's cores, not by how many
 * worker processes share them. So by default the bench's fal engine goes without that helper,
 * and a job is fal's calls and the product's own work (queue, database, storage); the product's
 * full fal engine, helper included, is `--with-local-helper`.
 */
import { createFalClient } from "@fal-ai/client";
import type { Env } from "../src/config/index.ts";
import { createFalEngine } from "../src/engines/fal/fal.engine.ts";
import { falEndpoints } from "../src/engines/fal/fal-endpoints.ts";
import type { JobCoreOverrides } from "../src/job-core.ts";
import { falFetch } from "../test/fal-emulator/fal-host-fetch.ts";

export type ScaleEngine = {
  /** The fal emulator's HTTP address; unset for the local engine. */
  emulatorUrl?: string;
  withLocalHelper: boolean;
};

export function describeScaleEngine(engine: ScaleEngine): string {
  return engine.withLocalHelper
    ? "fal, with its local helper (the upload's cut-out and the product put back, on the worker's cores)"
    : "fal, without its local helper (cut-out and paste-back are CPU work: they scale with cores, not workers)";
}

/** The container overrides of a bench process: the fal engine reaching the emulator over HTTP. */
export function scaleOverrides(env: Env, engine: ScaleEngine): JobCoreOverrides {
  if (env.imageEngine !== "fal" || !engine.emulatorUrl) return {};
  const falTransport = { fetch: falFetch(engine.emulatorUrl) };
  if (engine.withLocalHelper) return { falTransport };
  const client = createFalClient({ credentials: env.falKey ?? "", fetch: falTransport.fetch });
  const endpoints = falEndpoints(env.falEndpoints);
  return { engine: createFalEngine({ client, endpoints, ...falTransport }) };
}

/** The worker's command-line flags for an engine set-up (read back by `parseScaleEngine`). */
export function scaleEngineArgs(engine: ScaleEngine): string[] {
  return [
    ...(engine.emulatorUrl ? ["--fal-emulator", engine.emulatorUrl] : []),
    ...(engine.withLocalHelper ? ["--with-local-helper"] : []),
  ];
}

export function parseScaleEngine(argv: readonly string[]): ScaleEngine {
  const at = argv.indexOf("--fal-emulator");
  const emulatorUrl = at >= 0 ? argv[at + 1] : undefined;
  return {
    ...(emulatorUrl ? { emulatorUrl } : {}),
    withLocalHelper: argv.includes("--with-local-helper"),
  };
}
