import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { lightSide, renderScene, sceneSvg } from "./scene.ts";
import { planScene } from "./scene-plan.ts";

const geometry = { width: 120, height: 80, horizon: 44 };

async function meanColour(raw: Buffer, width: number, height: number) {
  const { channels } = await sharp(raw, { raw: { width, height, channels: 3 } }).stats();
  return channels.map((channel) => channel.mean);
}

describe("sceneSvg", () => {
  it("is the same for the same plan and seed, and varies with the seed", () => {
    const plan = planScene("on a marble counter");
    expect(sceneSvg(plan, geometry, 42)).toBe(sceneSvg(plan, geometry, 42));
    expect(sceneSvg(plan, geometry, 43)).not.toBe(sceneSvg(plan, geometry, 42));
  });

  it("draws the features the plan asks for", () => {
    const sunset = sceneSvg(planScene("sunset at the beach"), geometry, 1);
    expect(sunset).toContain('fill="url(#glow)"');
    const night = sceneSvg(planScene("at night"), geometry, 1);
    expect(night.match(/<circle/g)?.length ?? 0).toBeGreaterThan(50);
  });
});

describe("lightSide", () => {
  it("follows the prompt's light, or the seed when the prompt names none", () => {
    expect(lightSide(planScene("morning light"), 5)).toBeLessThan(0.5);
    const plain = planScene("on a table");
    expect(lightSide(plain, 5)).toBe(lightSide(plain, 5));
    expect(lightSide(plain, 5)).toBeGreaterThanOrEqual(0.25);
    expect(lightSide(plain, 5)).toBeLessThanOrEqual(0.75);
  });
});

describe("renderScene", () => {
  it("renders raw RGB at the asked size, the same every time", async () => {
    const plan = planScene("on a wooden table");
    const first = await renderScene(plan, geometry, 9);
    expect(first.length).toBe(geometry.width * geometry.height * 3);
    expect((await renderScene(plan, geometry, 9)).equals(first)).toBe(true);
  });

  it("looks different for different prompts", async () => {
    const marble = await meanColour(await renderScene(planScene("marble"), geometry, 1), 120, 80);
    const night = await meanColour(await renderScene(planScene("night"), geometry, 1), 120, 80);
    expect((marble[0] ?? 0) - (night[0] ?? 0)).toBeGreaterThan(100);
  });

  it("draws large scenes smaller and scales them to the exact size", async () => {
    const big = { width: 1500, height: 1100, horizon: 600 };
    const raw = await renderScene(planScene("studio"), big, 3);
    expect(raw.length).toBe(1500 * 1100 * 3);
  });

  it("leans the scene toward a warm light", async () => {
    const neutral = await meanColour(
      await renderScene(planScene("on stone"), geometry, 1),
      120,
      80,
    );
    const warm = await meanColour(
      await renderScene(planScene("on stone, warm"), geometry, 1),
      120,
      80,
    );
    const warmth = (rgb: number[]) => (rgb[0] ?? 0) - (rgb[2] ?? 0);
    expect(warmth(warm)).toBeGreaterThan(warmth(neutral) + 10);
  });
});
