import { fileURLToPath } from "node:url";
import { GENERATION_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { middleCutout } from "../../../test/helpers/stand-in-cutout.ts";
import { quietJob } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineImage, EngineResult, GenerateInput } from "../image-engine.ts";
import { decodeImage } from "./common/index.ts";
import { composeScene } from "./composite/index.ts";
import { createLocalEngine } from "./local.engine.ts";
import { planScene } from "./scene/index.ts";
import type { Cutout } from "./types.ts";

/** The "exact product" switch (issue 29, point 3): the product as cut out, the scene lit around it. */

const photos = fileURLToPath(new URL("../../../test/fixtures/photos/", import.meta.url));
const engine = createLocalEngine({ cutout: middleCutout });
/** A scene whose light the offline engine leans a product toward: warm and low. */
const SCENE = "on a beach at golden hour";

async function astronaut(): Promise<EngineImage> {
  const bytes = await sharp(`${photos}astronaut.png`).resize(320, 320).png().toBuffer();
  return { bytes, contentType: "image/png", width: 320, height: 320 };
}

function generate(image: EngineImage, extra: Partial<GenerateInput>): Promise<EngineResult> {
  const input = { image, prompt: SCENE, options: { ...GENERATION_DEFAULTS }, seed: 7 };
  return engine.generate({ method: "realtime", ...input, ...extra }, quietJob());
}

/** The photo's subject as the stand-in cut-out makes it: the middle of the photo, hard-edged. */
async function cutoutOf(image: EngineImage): Promise<Cutout> {
  const photo = await decodeImage(image.bytes);
  return middleCutout.refine(photo, await middleCutout.predict(photo, quietJob().signal), {
    threshold: 0.5,
    quality: "full",
  });
}

/** How many of the laid cut-out's opaque pixels the picture shows with another value. */
function changedProductPixels(picture: Buffer, laid: Cutout): { changed: number; opaque: number } {
  let changed = 0;
  let opaque = 0;
  for (let i = 0; i < laid.mask.length; i++) {
    if ((laid.rgba[i * 4 + 3] ?? 0) < 255) continue;
    opaque++;
    for (let c = 0; c < 3; c++) {
      if (picture[i * 3 + c] !== laid.rgba[i * 4 + c]) {
        changed++;
        break;
      }
    }
  }
  return { changed, opaque };
}

describe("the exact product switch", () => {
  it("composites the product's pixels exactly as cut out, in a lit scene with its shadow", async () => {
    const subject = await cutoutOf(await astronaut());
    const lit = planScene(SCENE);
    const exact = await composeScene(subject, { ...lit, exactProduct: true }, 7, "rich");
    const matched = await composeScene(subject, lit, 7, "rich");
    const [exactPixels, matchedPixels] = await Promise.all([
      exact.pipeline.raw().toBuffer(),
      matched.pipeline.raw().toBuffer(),
    ]);
    const kept = changedProductPixels(exactPixels, exact.layout.cutout);
    expect(kept.opaque).toBeGreaterThan(1000);
    expect(kept.changed).toBe(0);
    // Without the switch the same composite leans the product toward the evening light.
    const leaned = changedProductPixels(matchedPixels, matched.layout.cutout);
    expect(leaned.changed).toBeGreaterThan(leaned.opaque / 2);
    // The scene around the product is the same scene, shadow and all.
    let sceneDiffers = 0;
    for (let i = 0; i < exact.layout.cutout.mask.length; i++) {
      if ((exact.layout.cutout.mask[i] ?? 0) > 0) continue;
      if (exactPixels[i * 3] !== matchedPixels[i * 3]) sceneDiffers++;
    }
    expect(sceneDiffers).toBe(0);
  });

  it("keeps the product on, and says so; off, it is light-matched", async () => {
    const image = await astronaut();
    const [exact, off] = await Promise.all([
      generate(image, { exact: true }),
      generate(image, { exact: false }),
    ]);
    expect(exact.subject?.fidelity?.kept).toBe("original");
    expect(exact.subject?.fidelity?.withinDeltaE2).toBeGreaterThanOrEqual(0.99);
    expect(off.subject?.fidelity?.kept).toBe("light-matched");
    expect(off.subject?.fidelity?.withinDeltaE2).toBeLessThan(0.99);
  });

  it("keeps the product exact in the queue method's richer render too", async () => {
    const exact = await generate(await astronaut(), { exact: true, method: "queue" });
    expect(exact.subject?.fidelity?.kept).toBe("original");
    expect(exact.subject?.fidelity?.withinDeltaE2).toBeGreaterThanOrEqual(0.99);
  });

  it("is kept with the scene, so an edit and another take keep the product exact", async () => {
    const image = await astronaut();
    const first = await generate(image, { exact: true });
    expect(first.keep?.state).toMatchObject({ exactProduct: true });
    const { keep, ...picture } = first;
    if (!keep) throw new Error("the offline engine keeps its scene");
    const edited = await engine.edit(
      { image: picture, prompt: "make it night", kept: keep },
      quietJob(),
    );
    expect(edited.keep?.state).toMatchObject({ exactProduct: true });
    expect(edited.subject?.fidelity?.kept).toBe("original");
    expect(edited.subject?.fidelity?.withinDeltaE2).toBeGreaterThanOrEqual(0.99);
    const take = await generate(image, { exact: true, seed: 8 });
    expect(take.subject?.fidelity?.kept).toBe("original");
    expect(take.subject?.fidelity?.withinDeltaE2).toBeGreaterThanOrEqual(0.99);
  });

  it("defaults on for a white or marketplace prompt only", () => {
    expect(engine.exactByDefault?.("pure white background, marketplace")).toBe(true);
    expect(engine.exactByDefault?.("amazon main image")).toBe(true);
    expect(engine.exactByDefault?.("on a beach at sunset")).toBe(false);
  });
});
