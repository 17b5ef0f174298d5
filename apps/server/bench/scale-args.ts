/** The options of `npm run bench:scale`. */

export type ScaleArgs = {
  /** Worker process counts of the fal part, the first one the baseline. */
  workers: number[];
  /** Generations in each timed fal batch. */
  jobs: number;
  /** The fal emulator's fixed delay before each reply. */
  latencyMs: number;
  /** JOB_CONCURRENCY of each fal worker. */
  concurrency: number;
  withLocalHelper: boolean;
  /** Generations queued at once in the local part (0 skips it). */
  localJobs: number;
  localWorkers: number;
  /** JOB_CONCURRENCY of each local worker. */
  localConcurrency: number;
  skipFal: boolean;
};

export const SCALE_DEFAULTS: ScaleArgs = {
  workers: [1, 2, 4],
  jobs: 32,
  latencyMs: 250,
  concurrency: 2,
  withLocalHelper: false,
  localJobs: 20,
  localWorkers: 2,
  localConcurrency: 1,
  skipFal: false,
};

const USAGE =
  "use --workers 1,2,4 --jobs N --latency-ms N --concurrency N --local-jobs N --local-workers N --local-concurrency N --with-local-helper --skip-fal";

function whole(name: string, value: string | undefined, min: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min)
    throw new Error(`${name} needs a whole number ≥ ${min}`);
  return number;
}

export function parseScaleArgs(argv: readonly string[]): ScaleArgs {
  const args = { ...SCALE_DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const value = () => argv[++i];
    if (arg === "--with-local-helper") args.withLocalHelper = true;
    else if (arg === "--skip-fal") args.skipFal = true;
    else if (arg === "--workers") {
      args.workers = (value() ?? "").split(",").map((count) => whole(arg, count, 1));
    } else if (arg === "--jobs") args.jobs = whole(arg, value(), 1);
    else if (arg === "--latency-ms") args.latencyMs = whole(arg, value(), 0);
    else if (arg === "--concurrency") args.concurrency = whole(arg, value(), 1);
    else if (arg === "--local-jobs") args.localJobs = whole(arg, value(), 0);
    else if (arg === "--local-workers") args.localWorkers = whole(arg, value(), 1);
    else if (arg === "--local-concurrency") args.localConcurrency = whole(arg, value(), 1);
    else throw new Error(`Unknown argument ${arg}; ${USAGE}`);
  }
  return args;
}
