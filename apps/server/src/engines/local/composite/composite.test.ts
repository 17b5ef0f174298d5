import { describe, expect, it } from "vitest";
import { hue, hueDistance, type Rgb } from "../common/index.ts";
import { planScene, renderScene } from "../scene/index.ts";
import type { Cutout, RenderQuality, SceneLight, ScenePlan } from "../types.ts";
import { composite } from "./composite.ts";
import { layoutSubject } from "./framing.ts";

const WIDTH = 300;
const HEIGHT = 200;
const SEED = 11;
const RED: Rgb = [200, 30, 30];
/** A red bottle standing in the photo with room around it; its base is row 150. */
const BOTTLE = { left: 130, top: 60, right: 170, bottom: 150 };

function photo(box = BOTTLE): Cutout {
  const rgba = Buffer.alloc(WIDTH * HEIGHT * 4);
  const mask = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      const inside = x >= box.left && x < box.right && y >= box.top && y < box.bottom;
      // The photo's own surroundings: a grey gradient.
      const [r, g, b] = inside ? RED : [100 + x / 6, 100 + x / 6, 110 + y / 5];
      rgba.set([r, g, b, inside ? 255 : 0], i * 4);
      mask[i] = inside ? 255 : 0;
    }
  }
  return { rgba, mask, width: WIDTH, height: HEIGHT };
}

function plan(light: Partial<SceneLight>, changes: Partial<ScenePlan> = {}): ScenePlan {
  const base = planScene("on a plain table");
  return { ...base, gloss: 0, shadow: 1, ...changes, light: { ...base.light, ...light } };
}

async function render(cutout: Cutout, scenePlan: ScenePlan, quality: RenderQuality = "fast") {
  const { data, info } = await (await composite(cutout, scenePlan, SEED, quality))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const layout = await layoutSubject(cutout, scenePlan.camera);
  const bare = await renderScene(scenePlan, layout.geometry, SEED, quality);
  return { data, info, bare };
}

const brightness = (rgb: Buffer, i: number) =>
  ((rgb[i * 3] ?? 0) + (rgb[i * 3 + 1] ?? 0) + (rgb[i * 3 + 2] ?? 0)) / 3;

/** How the composite darkens the floor outside the subject: its weighted centre and total. */
function darkening(data: Buffer, bare: Buffer, box = BOTTLE) {
  let total = 0;
  let sumX = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (x >= box.left && x < box.right && y >= box.top && y < box.bottom) continue;
      const i = y * WIDTH + x;
      const d = Math.max(0, brightness(bare, i) - brightness(data, i));
      total += d;
      sumX += d * x;
    }
  }
  return { x: sumX / Math.max(1, total), total };
}

/** Pixels outside the subject that differ from the bare scene. */
function changedOutside(data: Buffer, bare: Buffer, box = BOTTLE) {
  let changed = 0;
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const x = i % WIDTH;
    const y = Math.floor(i / WIDTH);
    if (x >= box.left && x < box.right && y >= box.top && y < box.bottom) continue;
    for (let c = 0; c < 3; c++) if (data[i * 3 + c] !== bare[i * 3 + c]) changed++;
  }
  return changed;
}

describe("composite", () => {
  it("returns an opaque picture of the upload's size, the same for the same seed", async () => {
    const scenePlan = plan({ side: 0.3 }, { gloss: 0.5 });
    const first = await render(photo(), scenePlan);
    expect([first.info.width, first.info.height, first.info.channels]).toEqual([WIDTH, HEIGHT, 3]);
    const again = await render(photo(), scenePlan);
    expect(again.data.equals(first.data)).toBe(true);
    // The queue's quality draws its shadows and reflection with more blur steps.
    const rich = await render(photo(), scenePlan, "rich");
    expect([rich.info.width, rich.info.height]).toEqual([WIDTH, HEIGHT]);
    expect(rich.data.equals(first.data)).toBe(false);
    expect((await render(photo(), scenePlan, "rich")).data.equals(rich.data)).toBe(true);
  });

  it("casts the shadow away from the light: right of the subject for light from the left", async () => {
    const centre = (BOTTLE.left + BOTTLE.right) / 2;
    const left = await render(photo(), plan({ side: 0.05, elevation: 0.4 }));
    const right = await render(photo(), plan({ side: 0.95, elevation: 0.4 }));
    const fromLeft = darkening(left.data, left.bare);
    const fromRight = darkening(right.data, right.bare);
    expect(fromLeft.total).toBeGreaterThan(1000);
    expect(fromLeft.x).toBeGreaterThan(centre + 10);
    expect(fromRight.x).toBeLessThan(centre - 10);
  });

  it("shades the floor in its own colour, never black, as strongly as the plan asks", async () => {
    const sand = plan(
      { side: 0.1, elevation: 0.3, hardness: 0.9 },
      {
        floor: [
          [225, 190, 140],
          [205, 165, 115],
        ],
      },
    );
    const full = await render(photo(), sand);
    // The darkest shaded floor pixel outside the subject.
    let darkest = -1;
    let depth = 0;
    for (let i = BOTTLE.bottom * WIDTH; i < HEIGHT * WIDTH; i++) {
      const d = brightness(full.bare, i) - brightness(full.data, i);
      if (d > depth) [depth, darkest] = [d, i];
    }
    expect(depth).toBeGreaterThan(30);
    const pixel = (rgb: Buffer): Rgb => [
      rgb[darkest * 3] ?? 0,
      rgb[darkest * 3 + 1] ?? 0,
      rgb[darkest * 3 + 2] ?? 0,
    ];
    const shaded = pixel(full.data);
    expect(hueDistance(hue(shaded), hue(pixel(full.bare)))).toBeLessThan(12);
    expect(Math.min(...shaded)).toBeGreaterThan(15);
    expect(shaded[0]).toBeGreaterThan(shaded[2] + 10);

    const half = await render(photo(), { ...sand, shadow: 0.5 });
    const ratio = darkening(half.data, half.bare).total / darkening(full.data, full.bare).total;
    expect(ratio).toBeGreaterThan(0.35);
    expect(ratio).toBeLessThan(0.65);
  });

  it("leaves the floor as the bare scene with no shadow and a matte surface", async () => {
    const { data, bare } = await render(photo(), plan({ side: 0.2 }, { shadow: 0 }));
    expect(changedOutside(data, bare)).toBe(0);
  });

  it("gives a subject the picture crops at the bottom, like a portrait, no floor shadow", async () => {
    const portrait = { left: 100, top: 50, right: 200, bottom: HEIGHT };
    const { data, bare } = await render(photo(portrait), plan({ side: 0.1 }, { gloss: 0.8 }));
    expect(changedOutside(data, bare, portrait)).toBe(0);
  });

  it("mirrors the subject below its base on a glossy surface only", async () => {
    const redness = (rgb: Buffer) => {
      let sum = 0;
      for (let y = BOTTLE.bottom + 1; y < BOTTLE.bottom + 12; y++) {
        for (let x = BOTTLE.left + 5; x < BOTTLE.right - 5; x++) {
          const i = (y * WIDTH + x) * 3;
          sum += (rgb[i] ?? 0) - ((rgb[i + 1] ?? 0) + (rgb[i + 2] ?? 0)) / 2;
        }
      }
      return sum / (11 * (BOTTLE.right - BOTTLE.left - 10));
    };
    const glossy = await render(photo(), plan({ side: 0.2 }, { gloss: 0.8, shadow: 0 }));
    expect(redness(glossy.data) - redness(glossy.bare)).toBeGreaterThan(20);
    const matte = await render(photo(), plan({ side: 0.2 }, { gloss: 0, shadow: 0 }));
    expect(changedOutside(matte.data, matte.bare)).toBe(0);
  });

  it("matches the light without recolouring the product, within a third of a stop", async () => {
    const middle = (data: Buffer): Rgb => {
      const i = (105 * WIDTH + 150) * 3;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    };
    const night = plan(
      { side: 0.3 },
      {
        sky: [
          [10, 14, 40],
          [20, 26, 60],
        ],
        floor: [
          [25, 28, 50],
          [12, 14, 30],
        ],
      },
    );
    const sunset = plan(
      { side: 0.3 },
      {
        sky: [
          [250, 160, 80],
          [250, 190, 120],
        ],
        floor: [
          [230, 170, 110],
          [200, 140, 90],
        ],
      },
    );
    for (const scenePlan of [night, sunset]) {
      const colour = middle((await render(photo(), scenePlan)).data);
      expect(hueDistance(hue(colour), hue(RED))).toBeLessThan(3);
      const ratio = colour[0] / RED[0];
      // A third of a stop in sRGB is under ±11 % on a bright channel.
      expect(ratio).toBeGreaterThan(0.88);
      expect(ratio).toBeLessThan(1.12);
    }
    const dark = middle((await render(photo(), night)).data);
    const bright = middle((await render(photo(), sunset)).data);
    expect(dark[0]).toBeLessThan(RED[0]);
    expect(bright[0]).toBeGreaterThan(dark[0]);
  });

  it("lights the side facing the light a little more, without recolouring", async () => {
    const { data } = await render(photo(), plan({ side: 0.05 }, { shadow: 0 }));
    const pixel = (x: number): Rgb => {
      const i = (105 * WIDTH + x) * 3;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    };
    const lit = pixel(BOTTLE.left + 8);
    const far = pixel(BOTTLE.right - 8);
    expect(lit[0]).toBeGreaterThan(far[0] + 2);
    // Within a few tenths of a stop, and the same hue on both sides.
    expect(lit[0] / far[0]).toBeLessThan(1.1);
    expect(hueDistance(hue(lit), hue(far))).toBeLessThan(2);
  });

  it("wraps the scene's light into an edge band only, the interior untouched by it", async () => {
    // Light from the front: no key-light falloff across the subject.
    const { data } = await render(photo(), plan({ side: 0.5 }, { shadow: 0 }));
    const at = (x: number, y: number) => brightness(data, y * WIDTH + x);
    const interior = at(150, 105);
    // Deep inside, every pixel is graded alike.
    for (const [x, y] of [
      [140, 80],
      [160, 130],
      [150, 70],
    ] as const) {
      expect(Math.abs(at(x, y) - interior)).toBeLessThanOrEqual(1);
    }
    // At the outline, the bright scene shows through.
    expect(at(BOTTLE.left, 105)).toBeGreaterThan(interior + 5);
  });

  it("rims a backlit subject's top edge with light and throws its shadow toward the camera", async () => {
    const lit = await render(photo(), plan({ side: 0.5, backlit: false }, { shadow: 0 }));
    const back = await render(photo(), plan({ side: 0.5, backlit: true }, { shadow: 0 }));
    const top = (data: Buffer) => brightness(data, BOTTLE.top * WIDTH + 150);
    expect(top(back.data)).toBeGreaterThan(top(lit.data) + 5);

    const shaded = await render(photo(), plan({ side: 0.5, backlit: true, elevation: 0.3 }));
    let below = 0;
    let above = 0;
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = BOTTLE.left; x < BOTTLE.right; x++) {
        const i = y * WIDTH + x;
        const d = Math.max(0, brightness(shaded.bare, i) - brightness(shaded.data, i));
        if (y >= BOTTLE.bottom + 4) below += d;
        else if (y < BOTTLE.top) above += d;
      }
    }
    expect(below).toBeGreaterThan(above + 500);
  });

  it("grounds the subject with a contact shadow that reads at a glance", async () => {
    // Soft overhead light: no cast shadow to help, the contact shadow alone.
    const soft = plan({ side: 0.5, elevation: 1, hardness: 0 });
    const { data, bare } = await render(photo(), soft);
    const centre = (BOTTLE.left + BOTTLE.right) / 2;
    const under = (BOTTLE.bottom + 1) * WIDTH + centre;
    const darker = 1 - brightness(data, under) / brightness(bare, under);
    expect(darker).toBeGreaterThan(0.45);
  });

  it("casts no shadow across the floor when only the contact shadow is asked for", async () => {
    const light = { side: 0.05, elevation: 0.4, hardness: 0.9 };
    const natural = await render(photo(), plan(light));
    const soft = await render(photo(), plan(light, { castShadow: false }));
    const centre = (BOTTLE.left + BOTTLE.right) / 2;
    const under = (BOTTLE.bottom + 1) * WIDTH + centre;
    // Still grounded where it stands…
    expect(1 - brightness(soft.data, under) / brightness(soft.bare, under)).toBeGreaterThan(0.3);
    // …but far less of the floor is darkened: the cast shadow is gone.
    const cast = darkening(natural.data, natural.bare).total;
    expect(darkening(soft.data, soft.bare).total).toBeLessThan(cast * 0.5);
  });
});
