import { fileURLToPath } from "node:url";
import { GENERATION_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bustCutout, middleCutout } from "../../../test/helpers/stand-in-cutout.ts";
import type { EngineImage } from "../image-engine.ts";
import { createLocalEngine } from "./local.engine.ts";
import { planOf, readSceneState } from "./scene-state/index.ts";

/**
 * Takes that differ (issue 29, point 5): the takes of one request (consecutive seeds, as the
 * runner makes them) are different shots of its scene, each pair at least 12/255 apart per
 * pixel at 128 px; a seed still gives its take again.
 */

const photos = fileURLToPath(new URL("../../../test/fixtures/photos/", import.meta.url));
const engine = createLocalEngine({ cutout: middleCutout });
const job = { signal: new AbortController().signal, reportStage: () => {} };
const SEED = 52_000;
const TAKES = 4;

async function fixture(file: string): Promise<EngineImage> {
  const resized = sharp(`${photos}${file}`).resize(320, 320, { fit: "inside" });
  const { data, info } = await resized.png().toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: "image/png", width: info.width, height: info.height };
}

async function take(
  image: EngineImage,
  prompt: string,
  seed: number,
  by = engine,
): Promise<Buffer> {
  const input = { image, prompt, options: { ...GENERATION_DEFAULTS }, method: "realtime" as const };
  return (await by.generate({ ...input, seed }, job)).bytes;
}

/** The picture at 128×128, RGB. */
const small = (png: Buffer) =>
  sharp(png).resize(128, 128, { fit: "fill" }).removeAlpha().raw().toBuffer();

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** The smallest mean difference between any two of a request's takes, at 128 px. */
async function closestPair(file: string, prompt: string, by = engine): Promise<number> {
  const image = await fixture(file);
  const takes: Buffer[] = [];
  for (let index = 0; index < TAKES; index++) {
    takes.push(await small(await take(image, prompt, SEED + index, by)));
  }
  let closest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < takes.length; i++) {
    for (let j = i + 1; j < takes.length; j++) {
      closest = Math.min(closest, meanDifference(takes[i] as Buffer, takes[j] as Buffer));
    }
  }
  return closest;
}

describe("a request's takes", () => {
  it.each([
    ["coffee.png", "on a marble countertop"],
    ["rocket.jpg", "on a sandy beach at sunset"],
    ["astronaut.png", "in a cozy living room"],
    ["coffee.png", "on black velvet, dramatic spotlight"],
    ["cat.png", "christmas table with pine branches and string lights"],
    ["rocket.jpg", "plain pastel blue studio background"],
    ["cat.png", "on a wooden table with lemons"],
    ["coffee.png", "on a white podium, minimal studio"],
  ])("%s %s: every pair is a different shot", async (file, prompt) => {
    expect(await closestPair(file, prompt)).toBeGreaterThanOrEqual(12);
  });

  // A portrait the photo cuts cannot move across the picture: the camera steps back from it.
  it.each([
    ["at the foot and the right", bustCutout(0.3, 0.2, 1)],
    ["at the foot only", bustCutout(0.25, 0.15, 0.75)],
  ])("of a bust cut %s are different shots, its cut edges kept", async (_, cutout) => {
    const portraits = createLocalEngine({ cutout });
    for (const prompt of ["on a marble countertop", "plain pastel blue studio background"]) {
      expect(await closestPair("astronaut.png", prompt, portraits)).toBeGreaterThanOrEqual(12);
    }
    for (const prompt of ["on a sandy beach at sunset", "in a cozy living room"]) {
      expect(await closestPair("astronaut.png", prompt, portraits)).toBeGreaterThanOrEqual(12);
    }
  });

  it("are made again exactly from their seeds", async () => {
    const image = await fixture("coffee.png");
    for (const seed of [SEED, SEED + 1, SEED + 3]) {
      const first = await take(image, "on a wooden table with lemons", seed);
      expect((await take(image, "on a wooden table with lemons", seed)).equals(first)).toBe(true);
    }
  });

  it("on white stay where the white framing puts them, their shadow varied only lightly", async () => {
    const image = await fixture("coffee.png");
    const input = { image, prompt: "pure white background", options: { ...GENERATION_DEFAULTS } };
    const results = await Promise.all(
      [0, 1, 2].map((i) => engine.generate({ ...input, method: "realtime", seed: SEED + i }, job)),
    );
    for (const result of results) {
      expect(result.subject?.placement).toEqual(results[0]?.subject?.placement);
      // The top row is the background: pure #FFFFFF in every channel.
      const { data, info } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
      expect(data.subarray(0, info.width * info.channels).every((v) => v === 255)).toBe(true);
    }
    const [a, b, c] = await Promise.all(results.map((result) => small(result.bytes)));
    expect(meanDifference(a as Buffer, b as Buffer)).toBeLessThan(3);
    expect(meanDifference(a as Buffer, c as Buffer)).toBeLessThan(3);
  });

  it("keep their shot through an edit; a scene kept before takes differed keeps its old one", async () => {
    const image = await fixture("coffee.png");
    const input = { image, prompt: "on a marble countertop", options: { ...GENERATION_DEFAULTS } };
    const made = await engine.generate({ ...input, method: "realtime", seed: SEED + 2 }, job);
    const { keep, ...picture } = made;
    const edited = await engine.edit(
      { image: picture, prompt: "warmer", ...(keep ? { kept: keep } : {}) },
      job,
    );
    expect(edited.subject?.placement).toEqual(made.subject?.placement);
    const { take, ...older } = keep?.state ?? {};
    expect(take).toBe(2);
    const state = readSceneState(older);
    expect(state && planOf(state).take).toBeUndefined();
  });
});
