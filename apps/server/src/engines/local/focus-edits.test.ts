import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { boxPhoto } from "../../../test/helpers/box-photo.ts";
import { standInEngine } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineResult } from "../image-engine.ts";

/**
 * Issue 29, point 6: a focus edit lands measurably or is refused before any charge. On a plain
 * backdrop there is nothing behind the product to sharpen or blur: refused, and the picture the
 * engine would draw anyway proves it (a fraction of a level per pixel). Where there is a scene
 * behind, the same words are taken and land.
 */

const { engine, generate, edit } = standInEngine();

/** The mean step per channel of every pixel between two pictures of one size. */
async function meanChange(a: EngineResult, b: EngineResult): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((result) => sharp(result.bytes).removeAlpha().raw().toBuffer()),
  );
  if (!x || !y || x.length !== y.length) throw new Error("The pictures differ in size");
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

const SHARPER = ["sharper background", "make the background sharp", "less blur"];
const refusal = (from: EngineResult, prompt: string) =>
  engine.checkEdit?.(prompt, true, from.keep?.state);

describe("focus edits on a plain backdrop", () => {
  it.each([
    "in a studio",
    "on a plain grey backdrop",
    "on a blue backdrop",
    "on a podium",
    "in a studio with lemons",
  ])("refuses sharpening %j, which would change nothing", async (prompt) => {
    const from = await generate(await boxPhoto(), prompt);
    for (const words of SHARPER) {
      expect(refusal(from, words), words).toBe(M.editFocusOnPlainBackdrop);
      expect(await meanChange(from, await edit(from, words)), words).toBeLessThan(0.5);
    }
  });

  it("refuses blurring a plain studio with nothing in it, which would change nothing", async () => {
    const from = await generate(await boxPhoto(), "in a studio");
    expect(refusal(from, "blur the background")).toBe(M.editFocusOnPlainBackdrop);
    expect(await meanChange(from, await edit(from, "blur the background"))).toBeLessThan(0.5);
  });

  it("takes a focus edit asked with another change, which lands", async () => {
    const from = await generate(await boxPhoto(), "in a studio");
    expect(refusal(from, "sharper background and warmer")).toBeUndefined();
  });
});

describe("focus edits where a scene stands behind", () => {
  it.each(["on a marble table", "in a kitchen"])(
    "takes sharpening %j, and it lands",
    async (prompt) => {
      const from = await generate(await boxPhoto(), prompt);
      expect(refusal(from, "sharper background")).toBeUndefined();
      expect(await meanChange(from, await edit(from, "sharper background"))).toBeGreaterThan(1);
    },
  );
});
