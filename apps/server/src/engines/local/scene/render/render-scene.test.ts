import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { SceneSetting } from "../../types.ts";
import { planScene } from "../plan/index.ts";
import { lightSide, renderScene, sceneSvg } from "./render-scene.ts";

const geometry = {
  width: 120,
  height: 80,
  horizon: 48,
  subject: { left: 45, top: 20, right: 75, bottom: 62 },
};
const pixels = geometry.width * geometry.height;

async function meanColour(raw: Buffer, width = geometry.width, height = geometry.height) {
  const { channels } = await sharp(raw, { raw: { width, height, channels: 3 } }).stats();
  return channels.map((channel) => channel.mean);
}

const difference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

/** Mean absolute step between horizontal neighbours in rows [from, to): fine detail. */
function detail(raw: Buffer, width: number, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let y = from; y < to; y++) {
    for (let x = 1; x < width; x++) {
      const at = (y * width + x) * 3;
      sum += Math.abs((raw[at + 1] ?? 0) - (raw[at - 2] ?? 0));
      count++;
    }
  }
  return sum / count;
}

const PROMPTS: Record<SceneSetting, string> = {
  white: "white background",
  studio: "studio",
  tabletop: "on a wooden table",
  podium: "on a podium",
  floor: "on the floor",
  beach: "on the beach",
  forest: "in a forest",
  city: "on a city street",
  mountains: "in the mountains",
  sky: "in the sky",
  water: "on a lake",
  kitchen: "in a kitchen",
  bathroom: "in a bathroom",
  "living room": "in a living room",
  office: "in an office",
  cafe: "in a café",
};

describe("sceneSvg", () => {
  it("is the same for the same plan and seed, and varies with the seed", () => {
    const plan = planScene("in a forest");
    expect(sceneSvg(plan, geometry, 42)).toBe(sceneSvg(plan, geometry, 42));
    expect(sceneSvg(plan, geometry, 43)).not.toBe(sceneSvg(plan, geometry, 42));
  });

  it("photographs the mountains and the lake instead of drawing them", () => {
    for (const prompt of ["in front of mountains", "by a calm lake"]) {
      expect(sceneSvg(planScene(prompt), geometry, 1), prompt).toContain(
        'filter="url(#viewphoto)"',
      );
    }
  });

  it("draws the sun at sunset and stars at night", () => {
    expect(sceneSvg(planScene("sunset at the beach"), geometry, 1)).toContain("url(#sunglow)");
    const night = sceneSvg(planScene("mountains at night"), geometry, 1);
    expect(night.match(/<ellipse/g)?.length ?? 0).toBeGreaterThan(50);
  });
});

describe("lightSide", () => {
  it("follows the prompt's light, or the seed when the prompt names none", () => {
    expect(lightSide(planScene("light from the left"), 5)).toBeLessThan(0.5);
    const plain = planScene("on a table");
    expect(lightSide(plain, 5)).toBe(lightSide(plain, 5));
    expect(lightSide(plain, 5)).toBeGreaterThanOrEqual(0.25);
    expect(lightSide(plain, 5)).toBeLessThanOrEqual(0.75);
  });
});

describe("renderScene", () => {
  it("renders every setting at the asked size, each different from the others", async () => {
    const renders = new Map<string, Buffer>();
    for (const [setting, prompt] of Object.entries(PROMPTS)) {
      const plan = planScene(prompt);
      expect(plan.setting).toBe(setting);
      const raw = await renderScene(plan, geometry, 3);
      expect(raw.length).toBe(pixels * 3);
      for (const [other, seen] of renders) {
        expect(difference(raw, seen), `${setting} vs ${other}`).toBeGreaterThan(2);
      }
      renders.set(setting, raw);
    }
  });

  it("is byte-identical for the same plan and seed, and varies with the seed", async () => {
    const plan = planScene("on a marble counter, morning light");
    const first = await renderScene(plan, geometry, 9);
    expect((await renderScene(plan, geometry, 9)).equals(first)).toBe(true);
    expect(difference(await renderScene(plan, geometry, 10), first)).toBeGreaterThan(0.5);
  });

  it("renders both qualities, each deterministic", async () => {
    const plan = planScene("city street at night, neon");
    const fast = await renderScene(plan, geometry, 4, "fast");
    const rich = await renderScene(plan, geometry, 4, "rich");
    expect(rich.length).toBe(fast.length);
    expect(rich.equals(fast)).toBe(false);
    expect((await renderScene(plan, geometry, 4, "rich")).equals(rich)).toBe(true);
  });

  it("blurs the backdrop more with bokeh", async () => {
    const big = { width: 320, height: 200, horizon: 130 };
    const sharpPlan = planScene("in a bathroom, deep focus");
    const blurred = planScene("in a bathroom, bokeh");
    const rows: [number, number] = [10, 110];
    const crisp = detail(await renderScene(sharpPlan, big, 2), big.width, ...rows);
    const soft = detail(await renderScene(blurred, big, 2), big.width, ...rows);
    expect(soft).toBeLessThan(crisp * 0.6);
  });

  it("darkens the background when the gain is below 1", async () => {
    const plan = planScene("on marble");
    const normal = await meanColour(await renderScene(plan, geometry, 1));
    const darker = await meanColour(
      await renderScene({ ...plan, backgroundGain: 0.6 }, geometry, 1),
    );
    for (let c = 0; c < 3; c++) expect(darker[c] ?? 0).toBeLessThan((normal[c] ?? 0) * 0.7);
  });

  it("looks different for different prompts: light marble, dark night", async () => {
    const marble = await meanColour(await renderScene(planScene("marble"), geometry, 1));
    const night = await meanColour(await renderScene(planScene("city at night"), geometry, 1));
    expect((marble[0] ?? 0) - (night[0] ?? 0)).toBeGreaterThan(100);
  });

  it("draws large scenes smaller and scales them to the exact size", async () => {
    const big = { width: 1500, height: 1100, horizon: 600 };
    const raw = await renderScene(planScene("studio"), big, 3);
    expect(raw.length).toBe(1500 * 1100 * 3);
  });

  it("leans the scene toward a warm light", async () => {
    const neutral = await meanColour(await renderScene(planScene("on stone"), geometry, 1));
    const warm = await meanColour(await renderScene(planScene("on stone, warm"), geometry, 1));
    const warmth = (rgb: number[]) => (rgb[0] ?? 0) - (rgb[2] ?? 0);
    expect(warmth(warm)).toBeGreaterThan(warmth(neutral) + 10);
  });

  it("copes with tiny pictures and horizons at or past the edges", async () => {
    for (const odd of [
      { width: 1, height: 1, horizon: 0 },
      { width: 9, height: 5, horizon: 7 },
      { width: 16, height: 12, horizon: -3 },
    ]) {
      for (const prompt of ["on a lake", "on a podium", "flat lay on marble", "city at night"]) {
        const raw = await renderScene(planScene(prompt), odd, 1);
        expect(raw.length).toBe(odd.width * odd.height * 3);
      }
    }
  });

  it("fills the frame with the surface seen from above", async () => {
    const plan = planScene("flat lay on a wooden table");
    const raw = await renderScene(plan, geometry, 1);
    const top = await meanColour(raw.subarray(0, geometry.width * 10 * 3), geometry.width, 10);
    // The top rows are wood (warm, mid-dark), not the pale wall a tabletop has behind it.
    expect((top[0] ?? 0) - (top[2] ?? 0)).toBeGreaterThan(30);
  });
});

describe("a desert", () => {
  it("runs its sand to the horizon with no sea, as a beach does not", () => {
    const drawnBeach = { ...planScene("on a sandy beach"), scene: undefined };
    expect(sceneSvg(drawnBeach, geometry, 3)).toContain("url(#sea)");
    expect(planScene("in a desert").setting).toBe("beach");
    expect(sceneSvg(planScene("in a desert"), geometry, 3)).not.toContain("url(#sea)");
  });
});
