import {
  ASPECTS,
  type Aspect,
  GENERATION_DEFAULTS,
  marketplaceSquare,
  outputSize,
} from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BOX_PHOTO_HEIGHT, BOX_PHOTO_WIDTH, boxPhoto } from "../../../test/helpers/box-photo.ts";
import { middleCutout } from "../../../test/helpers/stand-in-cutout.ts";
import { quietJob } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineImage, EngineResult } from "../image-engine.ts";
import { createLocalEngine } from "./local.engine.ts";
import { readSceneState, type SceneState } from "./scene-state/index.ts";

/** Output sizes (issue 14 point 3) through the whole engine: generate, keep, edit. */

const engine = createLocalEngine({ cutout: middleCutout });
const WIDTH = BOX_PHOTO_WIDTH;
const HEIGHT = BOX_PHOTO_HEIGHT;
const photo = boxPhoto;

async function generated(prompt: string, aspect?: Aspect): Promise<EngineResult> {
  const input = {
    image: await photo(),
    prompt,
    options: { ...GENERATION_DEFAULTS },
    method: "realtime" as const,
    seed: 7,
  };
  return engine.generate(aspect ? { ...input, aspect } : input, quietJob());
}

async function edited(
  from: EngineResult,
  prompt: string,
  size?: EngineImage,
): Promise<EngineResult> {
  const { keep, ...image } = from;
  return engine.edit({ image: size ?? image, prompt, ...(keep ? { kept: keep } : {}) }, quietJob());
}

function stateOf(result: EngineResult): SceneState {
  const state = result.keep && readSceneState(result.keep.state);
  if (!state) throw new Error("The result kept no scene");
  return state;
}

async function sizeOf(result: EngineImage) {
  const { width, height } = await sharp(result.bytes).metadata();
  return { width, height };
}

describe("local engine output sizes", () => {
  it("makes each aspect at exactly outputSize's size and keeps that canvas with the scene", async () => {
    for (const aspect of ASPECTS.filter((a) => a !== "original")) {
      // The plainest scene: what is measured here is the size, not the picture.
      const result = await generated("white background", aspect);
      const size = outputSize(WIDTH, HEIGHT, aspect);
      expect(result).toMatchObject(size);
      expect(await sizeOf(result)).toEqual(size);
      expect(stateOf(result).canvas).toEqual(size);
      // The cut-out is kept at the photo's size: the canvas says where it goes.
      expect(await sizeOf({ ...result, bytes: result.keep?.cutout ?? Buffer.alloc(0) })).toEqual({
        width: WIDTH,
        height: HEIGHT,
      });
    }
  });

  it("renders the upload's own size as before when the aspect is original or absent", async () => {
    const absent = await generated("on a sandy beach at sunset");
    const original = await generated("on a sandy beach at sunset", "original");
    expect(original.bytes.equals(absent.bytes)).toBe(true);
    expect(absent).toMatchObject({ width: WIDTH, height: HEIGHT });
    expect(original.keep?.state).toEqual(absent.keep?.state);
    expect(absent.keep?.state).not.toHaveProperty("canvas");
  });

  it("makes a white request square when the aspect is original or absent, and keeps a chosen one", async () => {
    const square = marketplaceSquare(WIDTH, HEIGHT);
    expect(square.width).toBe(square.height);
    const absent = await generated("white background for Amazon");
    const original = await generated("white background for Amazon", "original");
    expect(original.bytes.equals(absent.bytes)).toBe(true);
    expect(absent).toMatchObject(square);
    expect(await sizeOf(absent)).toEqual(square);
    expect(stateOf(absent).canvas).toEqual(square);
    // Edited, it stays square.
    expect(await sizeOf(await edited(absent, "warmer"))).toEqual(square);
    for (const aspect of ["16:9", "4:5"] as const) {
      const chosen = await generated("white background for Amazon", aspect);
      expect(await sizeOf(chosen)).toEqual(outputSize(WIDTH, HEIGHT, aspect));
    }
  });

  it("edits a 9:16 result at 9:16, and an enlarged one at its own size", async () => {
    const story = await generated("in a white studio", "9:16");
    const size = outputSize(WIDTH, HEIGHT, "9:16");
    const sunset = await edited(story, "make it sunset");
    expect(sunset).toMatchObject(size);
    expect(stateOf(sunset).canvas).toEqual(size);
    expect(await sizeOf(sunset)).toEqual(size);
    // An upscaled story (twice the size) is rendered at its canvas, then enlarged: still 9:16.
    const { keep: _, ...image } = story;
    const upscaled = { ...image, width: size.width * 2, height: size.height * 2 };
    expect(await edited(story, "make it sunset", upscaled)).toMatchObject({
      width: size.width * 2,
      height: size.height * 2,
    });
  });

  it("reads a state kept before aspects at the cut-out's size, and refuses a canvas that is no size", () => {
    const stored = { version: 1, prompt: "on a table", seed: 1, quality: "fast", revisions: [] };
    expect(readSceneState(stored)).not.toHaveProperty("canvas");
    expect(readSceneState({ ...stored, canvas: { width: 576, height: 1024 } })?.canvas).toEqual({
      width: 576,
      height: 1024,
    });
    for (const canvas of [null, "9:16", { width: 0, height: 10 }, { width: 5.5, height: 10 }]) {
      expect(readSceneState({ ...stored, canvas })).toBeUndefined();
    }
  });
});
