import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BOX_PHOTO_HEIGHT, BOX_PHOTO_WIDTH, boxPhoto } from "../../../test/helpers/box-photo.ts";
import { detailOf } from "../../../test/helpers/picture-detail.ts";
import { middleCutout } from "../../../test/helpers/stand-in-cutout.ts";
import { standInEngine } from "../../../test/helpers/stand-in-engine.ts";
import { EngineError, type EngineImage, type EngineResult } from "../image-engine.ts";
import { decodeImage } from "./common/index.ts";
import { subjectBounds } from "./composite/index.ts";
import { cutOut } from "./cutout/index.ts";
import { planOf, readSceneState, type SceneState } from "./scene-state/index.ts";
import type { Bounds } from "./types.ts";

const WIDTH = BOX_PHOTO_WIDTH;
const HEIGHT = BOX_PHOTO_HEIGHT;
const photo = boxPhoto;

const { engine, generate, edit } = standInEngine();

async function generated(prompt: string): Promise<EngineResult> {
  return generate(await photo(), prompt);
}

function stateOf(result: EngineResult): SceneState {
  const state = result.keep && readSceneState(result.keep.state);
  if (!state) throw new Error("The result kept no scene");
  return state;
}

type Pixels = { rgb: Buffer; width: number; height: number };

async function pixels(result: EngineImage): Promise<Pixels> {
  const { data, info } = await sharp(result.bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/** Mean R, G, B and luma over a box of the picture. */
function meanOf({ rgb, width }: Pixels, box: Bounds) {
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = Math.max(0, Math.round(box.top)); y < Math.round(box.bottom); y++) {
    for (let x = Math.max(0, Math.round(box.left)); x < Math.round(box.right); x++) {
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[(y * width + x) * 3 + c] ?? 0);
      count++;
    }
  }
  const [r, g, b] = sum.map((s) => s / Math.max(1, count)) as [number, number, number];
  return { r, g, b, luma: 0.2126 * r + 0.7152 * g + 0.0722 * b };
}

/** Where a result laid the subject: its box in the photo, moved as the take's framing moved it. */
async function subjectBox(result: EngineResult): Promise<Bounds> {
  const cut = await cutOut(middleCutout, await decodeImage((await photo()).bytes));
  const found = subjectBounds(cut.mask, WIDTH, HEIGHT) as Bounds;
  const placement = result.subject?.placement;
  if (!placement) throw new Error("a generation says where it laid the subject");
  const scale = placement.width / WIDTH;
  const at = (x: number, y: number) => [placement.x + x * scale, placement.y + y * scale];
  const [left = 0, top = 0] = at(found.left, found.top);
  const [right = 0, bottom = 0] = at(found.right, found.bottom);
  // The whole pixels the box touches: a take's scaled subject has fractional edges.
  return {
    left: Math.floor(left),
    top: Math.floor(top),
    right: Math.ceil(right),
    bottom: Math.ceil(bottom),
  };
}

const inside = (box: Bounds, margin: number): Bounds => ({
  left: box.left + margin,
  top: box.top + margin,
  right: box.right - margin,
  bottom: box.bottom - margin,
});
const TOP_BAND: Bounds = { left: 0, top: 0, right: WIDTH, bottom: 20 };

describe("local engine edits of a kept scene", () => {
  it("keeps the cut-out and a first state with each generation", async () => {
    const result = await generated("on a wooden table");
    const state = stateOf(result);
    expect(state).toMatchObject({ prompt: "on a wooden table", seed: 7, quality: "fast" });
    expect(state.revisions).toEqual([]);
    expect(await sharp(result.keep?.cutout).metadata()).toMatchObject({
      format: "png",
      width: WIDTH,
      height: HEIGHT,
      channels: 4,
    });
  });

  it("changes the scene: the instruction becomes a revision and the backdrop changes", async () => {
    const before = await generated("in a white studio");
    const after = await edit(before, "make it sunset");
    const state = stateOf(after);
    expect(state.revisions).toEqual(["make it sunset"]);
    expect(planOf(state).words).toContain("sunset");
    const [a, b] = [meanOf(await pixels(before), TOP_BAND), meanOf(await pixels(after), TOP_BAND)];
    expect(Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b)).toBeGreaterThan(20);
    expect(after).toMatchObject({ width: WIDTH, height: HEIGHT });
  });

  it("adds a marble floor over the generation's wooden one", async () => {
    const before = await generated("on a wooden table");
    const after = await edit(before, "add a marble floor");
    expect(planOf(stateOf(before)).material).toBe("wood");
    expect(planOf(stateOf(after)).material).toBe("marble");
    const floor: Bounds = { left: 0, top: HEIGHT - 12, right: WIDTH, bottom: HEIGHT };
    const [a, b] = [meanOf(await pixels(before), floor), meanOf(await pixels(after), floor)];
    expect(Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b)).toBeGreaterThan(15);
  });

  it("warms and cools the light and the picture", async () => {
    const before = await generated("in a white studio");
    const warmer = await edit(before, "warmer");
    const cooler = await edit(before, "cooler");
    expect(planOf(stateOf(warmer)).light.amount).toBeGreaterThan(
      planOf(stateOf(before)).light.amount,
    );
    const warmth = async (result: EngineResult) => {
      const { r, b } = meanOf(await pixels(result), {
        left: 0,
        top: 0,
        right: WIDTH,
        bottom: HEIGHT,
      });
      return r - b;
    };
    expect(await warmth(warmer)).toBeGreaterThan((await warmth(before)) + 8);
    expect(await warmth(cooler)).toBeLessThan((await warmth(before)) - 8);
  });

  it("makes the scene black and white: no saturation left around the product", async () => {
    const after = await edit(await generated("on a sandy beach at sunset"), "black and white");
    expect(stateOf(after).look.monochrome).toBe("black and white");
    const { rgb } = await pixels(after);
    const box = await subjectBox(after);
    let most = 0;
    for (let i = 0; i < rgb.length; i += 3) {
      const [x, y] = [(i / 3) % WIDTH, Math.floor(i / 3 / WIDTH)];
      // The product keeps its colours (an edit never alters it), its soft outline too: the
      // matte's feather reaches a few pixels past the box.
      const outline = 4;
      if (
        x >= box.left - outline &&
        x < box.right + outline &&
        y >= box.top - outline &&
        y < box.bottom + outline
      )
        continue;
      const [r, g, b] = [rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0];
      most = Math.max(most, Math.max(r, g, b) - Math.min(r, g, b));
    }
    expect(most).toBeLessThanOrEqual(1);
  });

  it("darkens the background and leaves the subject about as it was", async () => {
    const before = await generated("in a white studio");
    const after = await edit(before, "darker background");
    expect(planOf(stateOf(after)).backgroundGain).toBeLessThan(0.8);
    const [a, b] = [await pixels(before), await pixels(after)];
    expect(meanOf(b, TOP_BAND).luma).toBeLessThan(meanOf(a, TOP_BAND).luma * 0.9);
    const subject = inside(await subjectBox(before), 6);
    expect(Math.abs(meanOf(b, subject).luma - meanOf(a, subject).luma)).toBeLessThan(12);
  });

  it("blurs the background more", async () => {
    const before = await generated("in a forest");
    const after = await edit(before, "blur the background more");
    expect(planOf(stateOf(after)).camera.bokeh).toBeGreaterThan(
      planOf(stateOf(before)).camera.bokeh,
    );
    const band: Bounds = { left: 0, top: 0, right: WIDTH, bottom: 25 };
    expect(detailOf(await pixels(after), band)).toBeLessThan(detailOf(await pixels(before), band));
  });

  it("removes the shadow: the floor under the subject gets brighter", async () => {
    const before = await generated("on a wooden table");
    const after = await edit(before, "remove the shadow");
    expect(planOf(stateOf(after)).shadow).toBe(0);
    expect(planOf(stateOf(await edit(after, "add a shadow back"))).shadow).toBe(1);
    const box = await subjectBox(before);
    const under: Bounds = {
      left: box.left + 4,
      top: box.bottom + 1,
      right: box.right - 4,
      bottom: Math.min(HEIGHT, box.bottom + 6),
    };
    expect(meanOf(await pixels(after), under).luma).toBeGreaterThan(
      meanOf(await pixels(before), under).luma + 3,
    );
  });

  it("refuses an instruction it does not understand, before and during the edit", async () => {
    expect(engine.checkEdit?.("add a dog wearing a hat", true)).toBe(M.editNotUnderstood);
    const failure = await edit(await generated("studio"), "add a dog wearing a hat").catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).failure).toBe("rejected");
  });

  it("refuses a scene change for a picture without a kept scene", async () => {
    const { keep: _, ...made } = await generated("studio");
    expect(engine.checkEdit?.("make it sunset", false)).toBe(M.editNeedsOfflineScene);
    await expect(edit(made, "make it sunset")).rejects.toBeInstanceOf(EngineError);
  });

  it("builds on the edits before, and renders an older state again the same way", async () => {
    const first = await edit(await generated("on a wooden table"), "make it sunset");
    const second = await edit(first, "warmer");
    expect(stateOf(second)).toMatchObject({ revisions: ["make it sunset"], look: { warmth: 1 } });
    const third = await edit(second, "at night");
    expect(stateOf(third).revisions).toEqual(["make it sunset", "at night"]);
    // Undo in the editor sends the older image: its own state, so the same picture again.
    expect((await edit(first, "warmer")).bytes.equals(second.bytes)).toBe(true);
  });

  it("renders an enlarged picture again at its own size", async () => {
    const before = await generated("on a wooden table");
    const big = await sharp(before.bytes)
      .resize(WIDTH * 2, HEIGHT * 2)
      .png()
      .toBuffer();
    const after = await edit(
      { ...before, bytes: big, width: WIDTH * 2, height: HEIGHT * 2 },
      "make it sunset",
    );
    expect(after).toMatchObject({ width: WIDTH * 2, height: HEIGHT * 2 });
    expect(await sharp(after.bytes).metadata()).toMatchObject({
      width: WIDTH * 2,
      height: HEIGHT * 2,
    });
    expect(await sharp(after.keep?.cutout).metadata()).toMatchObject({
      width: WIDTH,
      height: HEIGHT,
    });
  });
});
