/**
 * An honest progress bar for a running job (issue 13, point 9; docs/decisions.md "Progress
 * estimates"). Each stage the server reports gets a share of the bar in proportion to how long
 * it is expected to take; within its share the bar moves with the time spent in the stage and
 * slows as it passes the estimate, never reaching the next stage's start. When the server
 * measures a stage (the upscaler reports fractions) the bar takes that value instead. It never
 * goes backwards and stays below 100% until the result replaces it.
 *
 * Pure: every function takes the time; nothing here reads a clock.
 */

/** What is running: a generation by its processing method, or an upscale. */
export type JobKind = "realtime" | "queue" | "upscale";

/** The bar's ceiling before the result arrives. */
export const PROGRESS_CEILING = 0.96;

/** Within a stage, the share of it reached at the expected duration; the rest is a slow tail. */
const AT_ESTIMATE = 0.8;

type Route = "local" | "fal";

/** Expected milliseconds of a stage at 1 MP and, where it grows with the size, at 4 MP. */
type Estimate = readonly [at1MP: number, at4MP?: number];

/**
 * The measured figures (README "Benchmark", medians on 2 cores) and the short steps around
 * them. "cutting out" includes the decode; "composing" is the rest of `generate()`.
 */
const LOCAL: Record<string, Estimate> = {
  sending: [700],
  starting: [300],
  queued: [300],
  preparing: [200],
  "cutting out": [3_300, 3_600],
  "composing realtime": [520, 690],
  "composing queue": [720, 1_520],
  upscaling: [4_400],
  saving: [400],
};

/** fal.ai's stages: not measured here, the provider's usual latencies. */
const FAL: Record<string, Estimate> = {
  uploading: [1_000],
  generating: [12_000],
  "upscaling fal": [20_000],
  downloading: [1_000],
};

const ROUTES: Record<"generate" | "upscale", Record<Route, readonly string[]>> = {
  generate: {
    local: ["sending", "starting", "queued", "preparing", "cutting out", "composing", "saving"],
    fal: [
      "sending",
      "starting",
      "queued",
      "preparing",
      "uploading",
      "generating",
      "downloading",
      "saving",
    ],
  },
  upscale: {
    local: ["starting", "queued", "preparing", "upscaling", "saving"],
    fal: ["starting", "queued", "preparing", "uploading", "upscaling", "downloading", "saving"],
  },
};

/** Stages only fal.ai's engine reports: seeing one tells which route the job takes. */
const FAL_ONLY = new Set(["uploading", "generating", "downloading"]);

/** The expected duration of a stage of a job, in ms, for an image of this many megapixels. */
export function expectedStageMs(
  kind: JobKind,
  stage: string,
  megapixels = 1,
  route: Route = "local",
): number {
  if (kind === "upscale" && stage === "upscaling") {
    // Tile by tile: the time follows the pixels.
    const [perMP] =
      route === "fal" ? (FAL["upscaling fal"] as Estimate) : (LOCAL.upscaling as Estimate);
    return perMP * Math.max(0.25, megapixels);
  }
  const key =
    stage === "composing" ? `composing ${kind === "queue" ? "queue" : "realtime"}` : stage;
  const estimate = LOCAL[key] ?? FAL[key];
  if (!estimate) return 0;
  const [small, large = small] = estimate;
  const t = (Math.min(4, Math.max(1, megapixels)) - 1) / 3;
  return small + (large - small) * t;
}

/** How far into a stage, 0..1 (never 1), after `elapsed` ms of an `expected` ms stage. */
export function easeWithin(elapsed: number, expected: number): number {
  if (elapsed <= 0) return 0;
  if (expected <= 0) return 1 - (1 - AT_ESTIMATE) / (1 + elapsed / 1_000);
  if (elapsed <= expected) return (AT_ESTIMATE * elapsed) / expected;
  // The same speed at the estimate, then slower and slower toward the stage's end: a
  // hyperbolic tail, which (unlike an exponential) stays below 1 in floating point too.
  const rate = AT_ESTIMATE / (1 - AT_ESTIMATE);
  return 1 - (1 - AT_ESTIMATE) / (1 + (rate * (elapsed - expected)) / expected);
}

/** Where a stage starts on the bar and how much of it it takes, or null when not on the route. */
export function stageSpan(
  kind: JobKind,
  stage: string,
  megapixels = 1,
  route: Route = "local",
): { start: number; share: number } | null {
  const stages = ROUTES[kind === "upscale" ? "upscale" : "generate"][route];
  const index = stages.indexOf(stage);
  if (index < 0) return null;
  const times = stages.map((name) => expectedStageMs(kind, name, megapixels, route));
  const total = times.reduce((sum, ms) => sum + ms, 0);
  const before = times.slice(0, index).reduce((sum, ms) => sum + ms, 0);
  return {
    start: (PROGRESS_CEILING * before) / total,
    share: (PROGRESS_CEILING * (times[index] ?? 0)) / total,
  };
}

export type ProgressTrack = Readonly<{
  kind: JobKind;
  megapixels: number;
  route: Route;
  stage: string | null;
  /** When the current stage was first seen. */
  stageSince: number;
  /** The server's measure of the current stage, 0..1, when it gives one. */
  measured: number | null;
  /** The value shown: the highest the bar has reached. */
  value: number;
}>;

export function startTrack(
  kind: JobKind,
  stage: string | null,
  now: number,
  megapixels = 1,
): ProgressTrack {
  const route: Route = stage && FAL_ONLY.has(stage) ? "fal" : "local";
  const base = { kind, megapixels, route, stage, stageSince: now, measured: null, value: 0 };
  return { ...base, value: estimateAt(base, now) };
}

/** What the bar would show now, before holding it above what it already showed. */
function estimateAt(track: ProgressTrack, now: number): number {
  if (!track.stage) return 0;
  const span = stageSpan(track.kind, track.stage, track.megapixels, track.route);
  if (!span) return 0;
  if (track.measured !== null) return span.start + span.share * track.measured;
  const expected = expectedStageMs(track.kind, track.stage, track.megapixels, track.route);
  return span.start + span.share * easeWithin(now - track.stageSince, expected);
}

/** The bar at `now`: it moves on with time, never back. */
export function advance(track: ProgressTrack, now: number): ProgressTrack {
  const value = Math.min(PROGRESS_CEILING, Math.max(track.value, estimateAt(track, now)));
  return value === track.value ? track : { ...track, value };
}

/** The server reported a stage, and maybe how much of it is done. */
export function observe(
  track: ProgressTrack,
  stage: string | null,
  measured: number | null,
  now: number,
): ProgressTrack {
  const settled = advance(track, now);
  const next = stage ?? settled.stage;
  const fraction = typeof measured === "number" ? Math.min(1, Math.max(0, measured)) : null;
  if (next === settled.stage && fraction === settled.measured) return settled;
  const route: Route = settled.route === "fal" || (next && FAL_ONLY.has(next)) ? "fal" : "local";
  const stageSince = next === settled.stage ? settled.stageSince : now;
  return advance({ ...settled, route, stage: next, stageSince, measured: fraction }, now);
}
