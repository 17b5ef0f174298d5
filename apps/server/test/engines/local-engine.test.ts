import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeImage } from "../../src/engines/local/common/index.ts";
import { createIsnetCutout, cutOut } from "../../src/engines/local/cutout/index.ts";
import { createLocalEngine } from "../../src/engines/local/local.engine.ts";
import {
  isnetPredictor,
  isnetSession,
  type MaskPredictor,
} from "../../src/engines/local/models/index.ts";
import { planScene, renderScene } from "../../src/engines/local/scene/index.ts";
import type { Cutout } from "../../src/engines/local/types.ts";
import { describeEngineContract, photo, recordingContext } from "./engine-contract.ts";

// The real ISNet model: about a second to load, two to three seconds per cut-out.
describeEngineContract(
  "local",
  async () => {
    await isnetSession();
    return { engine: createLocalEngine() };
  },
  { measures: true },
);

/** Mean of the mask over a square patch. */
function patchMean(cutout: Cutout, left: number, top: number, size: number): number {
  let sum = 0;
  for (let y = top; y < top + size; y++) {
    for (let x = left; x < left + size; x++) sum += cutout.mask[y * cutout.width + x] ?? 0;
  }
  return sum / (size * size);
}

describe("local engine, in detail", () => {
  let coffee: Cutout;

  beforeAll(async () => {
    const image = await decodeImage((await photo("coffee.png")).bytes);
    coffee = await cutOut(createIsnetCutout(), image);
  }, 60_000);

  it("cuts the cup out of the coffee photo and drops the table", () => {
    expect(coffee).toMatchObject({ width: 600, height: 400 });
    // The crema in the cup and the saucer's rim in front of it.
    expect(patchMean(coffee, 270, 120, 40)).toBeGreaterThan(240);
    expect(patchMean(coffee, 280, 330, 30)).toBeGreaterThan(240);
    // The wooden table in the top-right and bottom-left corners, the dark wall top-left.
    expect(patchMean(coffee, 560, 0, 40)).toBeLessThan(10);
    expect(patchMean(coffee, 0, 360, 40)).toBeLessThan(10);
    expect(patchMean(coffee, 0, 0, 40)).toBeLessThan(10);
  });

  it("renders a scene from the prompt, the same for the same prompt and seed", async () => {
    const geometry = { width: 300, height: 200, horizon: 110 };
    const marble = await renderScene(planScene("on a marble counter"), geometry, 42);
    const again = await renderScene(planScene("on a marble counter"), geometry, 42);
    const beach = await renderScene(planScene("on a sandy beach at sunset"), geometry, 42);
    expect(again.equals(marble)).toBe(true);
    expect(beach.equals(marble)).toBe(false);
    const mean = async (raw: Buffer) =>
      (await sharp(raw, { raw: { ...geometry, channels: 3 } }).stats()).channels.map((c) => c.mean);
    const [marbleMean, beachMean] = [await mean(marble), await mean(beach)];
    const distance = Math.hypot(...marbleMean.map((value, i) => value - (beachMean[i] ?? 0)));
    expect(distance).toBeGreaterThan(30);
  });

  it("edits a photo to black and white around its product, which keeps its colours", async () => {
    const { ctx, stages } = recordingContext();
    const result = await createLocalEngine().edit(
      { image: await photo("coffee.png"), prompt: "make it black and white" },
      ctx,
    );
    // A photo without a kept scene has its product told apart first, so the edit leaves it be.
    expect(stages).toEqual(["cutting out", "editing"]);
    const { data, info } = await sharp(result.bytes)
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([coffee.width, coffee.height]);
    let colouredAround = 0;
    let colouredProduct = 0;
    for (let pixel = 0; pixel < info.width * info.height; pixel += 97) {
      const i = pixel * info.channels;
      const coloured = data[i] !== data[i + 1] || data[i + 1] !== data[i + 2];
      const alpha = coffee.mask[pixel] ?? 0;
      if (alpha === 0 && coloured) colouredAround++;
      if (alpha === 255 && coloured) colouredProduct++;
    }
    expect(colouredAround).toBe(0);
    expect(colouredProduct).toBeGreaterThan(100);
  });
});

/** A subject drawn as SVG over a plain background, with its exact mask. */
type Synthetic = {
  name: string;
  width: number;
  height: number;
  shape: string;
  fill: string;
  background: string;
};

const SYNTHETICS: Synthetic[] = [
  {
    name: "red bottle on white",
    width: 640,
    height: 640,
    background: "#ffffff",
    fill: "url(#g)",
    shape:
      '<path d="M290 90 h60 v90 q70 30 70 110 v250 q0 30 -30 30 h-140 q-30 0 -30 -30 v-250 q0 -80 70 -110 z"/>',
  },
  {
    name: "blue mug on light grey",
    width: 800,
    height: 600,
    background: "#e6e6e6",
    fill: "url(#g)",
    shape:
      '<path fill-rule="evenodd" d="M250 150 h260 v300 q0 40 -40 40 h-180 q-40 0 -40 -40 z M510 220 h40 q60 0 60 70 q0 70 -60 70 h-40 v-30 h40 q30 0 30 -40 q0 -40 -30 -40 h-40 z"/>',
  },
  {
    name: "yellow ball on dark blue",
    width: 600,
    height: 600,
    background: "#1d2b4a",
    fill: "url(#g)",
    shape: '<circle cx="300" cy="320" r="190"/>',
  },
  {
    name: "green box on beige",
    width: 900,
    height: 700,
    background: "#efe3cf",
    fill: "url(#g)",
    shape: '<path d="M300 200 l180 -60 l180 60 v300 l-180 60 l-180 -60 z"/>',
  },
];

const COLOURS: Record<string, [string, string]> = {
  "red bottle on white": ["#c0392b", "#7b1d14"],
  "blue mug on light grey": ["#2e6fd8", "#123a7a"],
  "yellow ball on dark blue": ["#ffd23f", "#d99a00"],
  "green box on beige": ["#3c9d5d", "#1f5e33"],
};

function svg(s: Synthetic, body: string, defs = ""): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s.width}" height="${s.height}"><defs>${defs}</defs>${body}</svg>`,
  );
}

/** The photo (PNG) and its known mask (0/1 per pixel). */
async function renderSynthetic(s: Synthetic): Promise<{ png: Buffer; mask: Uint8Array }> {
  const [a, b] = COLOURS[s.name] ?? ["#888888", "#444444"];
  // A gradient plus fine stripes, so the subject has texture and shading like a product.
  const defs = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient><pattern id="t" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="6" height="12" fill="#ffffff" fill-opacity="0.12"/></pattern>`;
  const shape = (fill: string) => s.shape.replace(/^<(\w+)/, `<$1 fill="${fill}"`);
  const photo = svg(
    s,
    `<rect width="100%" height="100%" fill="${s.background}"/>${shape(s.fill)}${shape("url(#t)")}`,
    defs,
  );
  const png = await sharp(photo).png().toBuffer();
  const maskRaw = await sharp(
    svg(s, `<rect width="100%" height="100%" fill="#000"/>${shape("#fff")}`),
  )
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { png, mask: Uint8Array.from(maskRaw, (v) => (v >= 128 ? 1 : 0)) };
}

/** Intersection over union of a 0..255 matte (cut at 128) and a 0/1 mask. */
function iou(matte: Uint8Array, mask: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < mask.length; i++) {
    const a = (matte[i] ?? 0) >= 128;
    const b = (mask[i] ?? 0) === 1;
    if (a && b) both++;
    if (a || b) either++;
  }
  return either === 0 ? 1 : both / either;
}

describe("local engine, matte quality on synthetic photos with a known mask", () => {
  const cutout = createIsnetCutout();

  for (const synthetic of SYNTHETICS) {
    it(`cuts out the ${synthetic.name} with IoU >= 0.95`, async () => {
      const { png, mask } = await renderSynthetic(synthetic);
      const image = await decodeImage(png);
      const cut = await cutOut(cutout, image, undefined, { threshold: 0.67, quality: "fast" });
      expect(iou(cut.mask, mask)).toBeGreaterThanOrEqual(0.95);
    }, 120_000);
  }

  it("cuts tighter with a higher background_threshold, and refines further in queue mode", async () => {
    const synthetic = SYNTHETICS[0] as Synthetic;
    const { png, mask } = await renderSynthetic(synthetic);
    const image = await decodeImage(png);
    // The network's answer does not depend on the options: run it once per distinct input.
    const answers = new Map<string, Promise<Float32Array>>();
    const once: MaskPredictor = (input, signal) => {
      let key = `${input.length}`;
      for (let i = 0; i < input.length; i += 9973) key += `,${input[i]}`;
      const answer = answers.get(key) ?? isnetPredictor(input, signal);
      answers.set(key, answer);
      return answer;
    };
    const cutout = createIsnetCutout(once);
    const solid = (matte: Uint8Array) => matte.reduce((sum, a) => sum + (a > 0 ? 1 : 0), 0);
    const loose = await cutOut(cutout, image, undefined, { threshold: 0.1, quality: "fast" });
    const tight = await cutOut(cutout, image, undefined, { threshold: 1, quality: "fast" });
    const queued = await cutOut(cutout, image, undefined, { threshold: 0.67, quality: "full" });
    expect(solid(tight.mask)).toBeLessThan(solid(loose.mask));
    expect(iou(queued.mask, mask)).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
