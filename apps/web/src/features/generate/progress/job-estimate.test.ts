import { describe, expect, it } from "vitest";
import {
  advance,
  easeWithin,
  expectedStageMs,
  type JobKind,
  observe,
  PROGRESS_CEILING,
  type ProgressTrack,
  stageSpan,
  startTrack,
} from "./job-estimate.ts";

type Step = readonly [at: number, stage: string | null, measured?: number | null];

/** Plays a job's reports and samples the bar every 50 ms up to `until`. */
function play(kind: JobKind, steps: readonly Step[], until: number, megapixels = 1) {
  const [first, ...rest] = steps;
  let track: ProgressTrack = startTrack(kind, first?.[1] ?? null, first?.[0] ?? 0, megapixels);
  const samples: { at: number; value: number; stage: string | null }[] = [];
  let next = 0;
  for (let at = first?.[0] ?? 0; at <= until; at += 50) {
    while (next < rest.length && (rest[next]?.[0] ?? Infinity) <= at) {
      const [, stage, measured = null] = rest[next] as Step;
      track = observe(track, stage, measured, at);
      next += 1;
    }
    track = advance(track, at);
    samples.push({ at, value: track.value, stage: track.stage });
  }
  return { track, samples };
}

const valueAt = (samples: { at: number; value: number }[], at: number) =>
  samples.find((sample) => sample.at >= at)?.value ?? Number.NaN;

/** A realtime generation at 1 MP on the offline engine, as the server reports it. */
const REALTIME: Step[] = [
  [0, "sending"],
  [700, "starting"],
  [1_000, "queued"],
  [1_300, "preparing"],
  [1_500, "cutting out"],
  [4_800, "composing"],
  [5_300, "saving"],
];

describe("expected stage durations", () => {
  it("uses the benchmark's figures, growing with the image for the size-bound stages", () => {
    expect(expectedStageMs("realtime", "cutting out")).toBe(3_300);
    expect(expectedStageMs("realtime", "cutting out", 4)).toBe(3_600);
    expect(expectedStageMs("queue", "composing", 1)).toBeGreaterThan(
      expectedStageMs("realtime", "composing", 1),
    );
    expect(expectedStageMs("upscale", "upscaling", 1)).toBe(4_400);
    expect(expectedStageMs("upscale", "upscaling", 2)).toBe(8_800);
    expect(expectedStageMs("realtime", "no such stage")).toBe(0);
  });

  it("gives each stage a share in proportion to its time, the cut-out the largest", () => {
    const stages = ["sending", "starting", "queued", "preparing", "cutting out", "composing"];
    const spans = stages.map((stage) => stageSpan("realtime", stage));
    for (let i = 1; i < spans.length; i += 1) {
      const [before, span] = [spans[i - 1], spans[i]];
      expect(span?.start).toBeCloseTo((before?.start ?? 0) + (before?.share ?? 0), 10);
    }
    const saving = stageSpan("realtime", "saving");
    expect((saving?.start ?? 0) + (saving?.share ?? 0)).toBeCloseTo(PROGRESS_CEILING, 10);
    const cut = stageSpan("realtime", "cutting out");
    expect(cut?.share).toBeGreaterThan(0.5);
    expect(stageSpan("realtime", "upscaling")).toBeNull();
  });
});

describe("easing within a stage", () => {
  it("moves with time up to 80% at the estimate, then slows, never reaching the end", () => {
    expect(easeWithin(0, 1_000)).toBe(0);
    expect(easeWithin(500, 1_000)).toBeCloseTo(0.4);
    expect(easeWithin(1_000, 1_000)).toBeCloseTo(0.8);
    const late = [1_500, 2_000, 4_000, 10_000, 100_000].map((t) => easeWithin(t, 1_000));
    for (let i = 1; i < late.length; i += 1)
      expect(late[i]).toBeGreaterThanOrEqual(late[i - 1] ?? 1);
    expect(late.every((value) => value < 1)).toBe(true);
    // slower past the estimate than before it
    const before = easeWithin(1_000, 1_000) - easeWithin(500, 1_000);
    const after = easeWithin(1_500, 1_000) - easeWithin(1_000, 1_000);
    expect(after).toBeLessThan(before);
  });
});

describe("the bar of a running job", () => {
  it("advances through a realtime generation instead of sitting still, never backwards", () => {
    const { samples } = play("realtime", REALTIME, 5_600);
    for (let i = 1; i < samples.length; i += 1) {
      expect(samples[i]?.value).toBeGreaterThanOrEqual(samples[i - 1]?.value ?? 1);
    }
    // During the 3.3 s cut-out the bar keeps moving: every second, visibly.
    for (const at of [2_000, 3_000, 4_000]) {
      expect(valueAt(samples, at + 1_000) - valueAt(samples, at)).toBeGreaterThan(0.1);
    }
    expect(Math.max(...samples.map((sample) => sample.value))).toBeLessThan(PROGRESS_CEILING);
  });

  it("never reaches the next stage's start while a stage runs long", () => {
    const cut = stageSpan("realtime", "cutting out");
    const next = stageSpan("realtime", "composing")?.start ?? 0;
    const { samples } = play("realtime", REALTIME.slice(0, 5), 120_000);
    const last = samples.at(-1)?.value ?? 1;
    expect(last).toBeLessThan(next);
    expect(last).toBeGreaterThan((cut?.start ?? 0) + 0.95 * (cut?.share ?? 0));
  });

  it("jumps to the server's measure of a stage, and holds rather than going back", () => {
    const span = stageSpan("upscale", "upscaling");
    const start = 0;
    let track = startTrack("upscale", "starting", start);
    track = observe(track, "upscaling", null, 800);
    track = observe(track, "upscaling", 0.5, 1_000);
    expect(track.value).toBeCloseTo((span?.start ?? 0) + (span?.share ?? 0) * 0.5, 10);
    // The time estimate is not added on top of a measure.
    expect(advance(track, 1_900).value).toBe(track.value);
    const held = track.value;
    // A later, smaller measure (a second attempt) never pulls the bar back.
    track = observe(track, "preparing", null, 2_000);
    track = observe(track, "upscaling", 0.1, 2_100);
    expect(track.value).toBe(held);
    track = observe(track, "upscaling", 1, 3_000);
    expect(track.value).toBeCloseTo((span?.start ?? 0) + (span?.share ?? 0), 10);
    track = observe(track, "saving", null, 3_100);
    expect(advance(track, 600_000).value).toBeLessThan(PROGRESS_CEILING + 1e-12);
    expect(Math.floor(advance(track, 600_000).value * 100)).toBeLessThan(100);
  });

  it("takes fal.ai's stages when the job reports them, still never going back", () => {
    let track = startTrack("realtime", "sending", 0);
    track = observe(track, "preparing", null, 1_000);
    const before = advance(track, 1_200).value;
    track = observe(track, "uploading", null, 1_200);
    expect(track.route).toBe("fal");
    expect(track.value).toBeGreaterThanOrEqual(before);
    track = observe(track, "generating", null, 2_000);
    const generating = stageSpan("realtime", "generating", 1, "fal");
    expect(advance(track, 8_000).value).toBeGreaterThan(generating?.start ?? 1);
  });

  it("waits on a stage it does not know, at the value it had", () => {
    let track = startTrack("realtime", "cutting out", 0);
    track = observe(track, "mystery", null, 2_000);
    const held = track.value;
    expect(held).toBeGreaterThan(0);
    expect(advance(track, 30_000).value).toBe(held);
  });

  it("is slower per second for a larger photo", () => {
    const small = play("queue", REALTIME.slice(0, 5), 3_000, 1).track.value;
    const large = play("upscale", [[0, "upscaling"]], 2_000, 4).track.value;
    const largeSmall = play("upscale", [[0, "upscaling"]], 2_000, 1).track.value;
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThan(largeSmall);
  });
});
