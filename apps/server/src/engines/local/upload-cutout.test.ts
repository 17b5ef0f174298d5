import { GENERATION_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { quietJob } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineImage, GenerateInput } from "../image-engine.ts";
import { createIsnetCutout } from "./cutout/index.ts";
import { createLocalEngine } from "./local.engine.ts";
import { ISNET_SIZE, type MaskPredictor, type RunPriority } from "./models/index.ts";

/** A stand-in network that counts its runs: a soft-edged disc in the middle is the subject. */
function countingNetwork() {
  const runs: RunPriority[] = [];
  const predict: MaskPredictor = async (_input, _signal, priority) => {
    runs.push(priority ?? "job");
    const alpha = new Float32Array(ISNET_SIZE * ISNET_SIZE);
    const centre = ISNET_SIZE / 2;
    for (let y = 0; y < ISNET_SIZE; y++) {
      for (let x = 0; x < ISNET_SIZE; x++) {
        const distance = Math.hypot(x - centre, y - centre) / (ISNET_SIZE * 0.3);
        alpha[y * ISNET_SIZE + x] = Math.min(1, Math.max(0, (1.1 - distance) * 5));
      }
    }
    return alpha;
  };
  return { predict, runs };
}

/** An orange product with a pale band on a grey table. */
async function photo(width = 240, height = 180): Promise<EngineImage> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 150, g: 150, b: 150 } },
  })
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 3, background: "#d86a2a" } },
        left: 70,
        top: 40,
      },
    ])
    .png()
    .toBuffer();
  return { bytes, contentType: "image/png", width, height };
}

function setup() {
  const network = countingNetwork();
  const engine = createLocalEngine({ cutout: createIsnetCutout(network.predict) });
  const generate = (image: EngineImage, extra: Partial<GenerateInput> = {}) =>
    engine.generate(
      {
        image,
        prompt: "on a marble counter, morning light",
        options: { ...GENERATION_DEFAULTS },
        method: "realtime",
        seed: 5,
        ...extra,
      },
      quietJob(),
    );
  return { engine, generate, runs: network.runs };
}

describe("the local engine's upload cut-out", () => {
  it("is a transparent PNG at the photo's size, its model run behind the jobs", async () => {
    const { engine, runs } = setup();
    const image = await photo();
    const made = await engine.cutOut?.({ image }, quietJob());
    expect(runs).toEqual(["background"]);
    const { info, data } = await sharp(made?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 240, height: 180, channels: 4 });
    expect(data[3]).toBe(0);
    expect(data[(90 * 240 + 120) * 4 + 3]).toBe(255);
    expect((await sharp(made?.matte).metadata()).channels).toBe(1);
  });

  it("makes a generation the same picture as cutting out anew, without the model", async () => {
    const { engine, generate, runs } = setup();
    const image = await photo();
    const cutout = await engine.cutOut?.({ image }, quietJob());
    const fresh = await generate(image);
    expect(runs).toEqual(["background", "job"]);
    const reused = await generate(image, { ...(cutout ? { cutout } : {}) });
    expect(runs).toHaveLength(2);
    expect(reused.bytes.equals(fresh.bytes)).toBe(true);
    // The kept cut-out is the upload's own bytes, not encoded again.
    expect(reused.keep?.cutout).toBe(cutout?.bytes);
  });

  it("refines its kept matte again for another background_threshold, still without the model", async () => {
    const { engine, generate, runs } = setup();
    const image = await photo();
    const cutout = await engine.cutOut?.({ image }, quietJob());
    const options = { ...GENERATION_DEFAULTS, background_threshold: 0.95 };
    const fresh = await generate(image, { options });
    const reused = await generate(image, { options, ...(cutout ? { cutout } : {}) });
    expect(runs).toEqual(["background", "job"]);
    expect(reused.bytes.equals(fresh.bytes)).toBe(true);
    expect(reused.keep?.cutout.equals(cutout?.bytes ?? Buffer.alloc(0))).toBe(false);
  });

  it("gives an edit of the upload its mask, and is ignored for an image of another size", async () => {
    const { engine, runs } = setup();
    const image = await photo();
    const cutout = await engine.cutOut?.({ image }, quietJob());
    const prompt = "blur the background more";
    const reused = await engine.edit({ image, prompt, ...(cutout ? { cutout } : {}) }, quietJob());
    expect(runs).toEqual(["background"]);
    const fresh = await engine.edit({ image, prompt }, quietJob());
    expect(runs).toEqual(["background", "job"]);
    expect(reused.bytes.equals(fresh.bytes)).toBe(true);

    const larger = await photo(300, 200);
    await engine.edit({ image: larger, prompt, ...(cutout ? { cutout } : {}) }, quietJob());
    expect(runs).toEqual(["background", "job", "job"]);
  });
});
