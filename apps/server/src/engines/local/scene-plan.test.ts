import { describe, expect, it } from "vitest";
import { luma, type Rgb } from "./color.ts";
import { planScene } from "./scene-plan.ts";

const average = (colours: Rgb[]) => colours.reduce((sum, c) => sum + luma(c), 0) / colours.length;
const warmth = ([r, , b]: Rgb) => r - b;
const greenness = ([r, g, b]: Rgb) => g - (r + b) / 2;

describe("planScene", () => {
  it("reads marble as a light grey stone floor", () => {
    const plan = planScene("On a MARBLE counter");
    expect(plan.material).toBe("marble");
    expect(average([...plan.floor, ...plan.sky])).toBeGreaterThan(200);
    expect(plan.words).toContain("marble");
  });

  it("reads wood as warm browns", () => {
    for (const prompt of ["on a wooden table", "on rough wood"]) {
      const plan = planScene(prompt);
      expect(plan.material).toBe("wood");
      expect(warmth(plan.floor[0])).toBeGreaterThan(40);
      expect(average(plan.floor)).toBeLessThan(140);
    }
  });

  it("puts a sandy beach under a blue sky, and a sunset over it when asked", () => {
    const beach = planScene("on a sandy beach");
    expect(beach.material).toBe("sand");
    expect(beach.backdrop).toBe("sky");
    expect(beach.sky[0][2]).toBeGreaterThan(beach.sky[0][0]);
    expect(beach.sun).toBe(false);

    const sunset = planScene("on a sandy beach at sunset");
    expect(sunset.material).toBe("sand");
    expect(sunset.sun).toBe(true);
    expect(warmth(sunset.sky[1])).toBeGreaterThan(100);
    expect(sunset.words).toEqual(expect.arrayContaining(["sandy", "sunset"]));
  });

  it("reads forest as greens, night as deep blue with stars, studio as neutral grey", () => {
    const forest = planScene("in a forest");
    expect(forest.backdrop).toBe("foliage");
    expect(greenness(forest.sky[0])).toBeGreaterThan(10);
    expect(greenness(forest.floor[0])).toBeGreaterThan(10);

    const night = planScene("under the night sky");
    expect(night.stars).toBe(true);
    expect(average(night.sky)).toBeLessThan(60);
    expect(night.sky[0][2]).toBeGreaterThan(night.sky[0][0]);

    const studio = planScene("clean studio shot");
    expect(studio.backdrop).toBe("studio");
    const [r, g, b] = studio.sky[0];
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(4);
  });

  it("lets a named colour tint the scene", () => {
    const pink = planScene("on a pink background");
    expect(pink.words).toEqual(["pink"]);
    expect(pink.sky[0][0]).toBeGreaterThan(pink.sky[0][1] + 40);
    const blueMarble = planScene("on blue marble");
    expect(blueMarble.material).toBe("marble");
    expect(blueMarble.sky[0][2]).toBeGreaterThan(blueMarble.sky[0][0] + 40);
  });

  it("does not read golden hour as the colour gold", () => {
    const plan = planScene("golden hour on the beach");
    expect(plan.sun).toBe(true);
    expect(plan.words).not.toContain("golden");
  });

  it("tints the light for lighting words", () => {
    const morning = planScene("on a marble counter, morning light");
    expect(morning.light.amount).toBeGreaterThan(0);
    expect(warmth(morning.light.tint)).toBeGreaterThan(0);
    expect(morning.light.side).toBeLessThan(0.5);

    expect(warmth(planScene("warm kitchen").light.tint)).toBeGreaterThan(50);
    expect(warmth(planScene("cool kitchen").light.tint)).toBeLessThan(-30);
    const dramatic = planScene("dramatic stone");
    expect(dramatic.light.contrast).toBeGreaterThan(1.2);
    expect(dramatic.light.vignette).toBeGreaterThan(0.4);
  });

  it("gives prompts it cannot read a palette of their own, the same every time", () => {
    const dream = planScene("floating in a dreamy void");
    expect(dream.words).toEqual([]);
    expect(dream.material).toBe("plain");
    expect(planScene("floating in a dreamy void")).toEqual(dream);
    expect(planScene("somewhere else entirely").sky).not.toEqual(dream.sky);
  });
});
