import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { planScene, renderScene } from "../scene/index.ts";
import type { Bounds, Cutout, ScenePlan } from "../types.ts";
import { composite } from "./composite.ts";
import { layoutOnWhite, WHITE_FILL, whiteFraming } from "./framing.ts";

const SEED = 5;
const RED = "#c81e1e";

/**
 * A red bottle with anti-aliased edges, standing in a photo of grey surroundings (which must
 * not show), with room around it: the cut-out ISNet would give, without running ISNet.
 */
async function bottle(width: number, height: number, box: Bounds): Promise<Cutout> {
  const w = box.right - box.left;
  const h = box.bottom - box.top;
  const shape = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path fill="${RED}" d="M${box.left + w * 0.35} ${box.top} h${w * 0.3} v${h * 0.2} q${w * 0.35} ${h * 0.08} ${w * 0.35} ${h * 0.3} v${h * 0.42} q0 ${h * 0.08} -${w * 0.1} ${h * 0.08} h-${w * 0.8} q-${w * 0.1} 0 -${w * 0.1} -${h * 0.08} v-${h * 0.42} q0 -${h * 0.22} ${w * 0.35} -${h * 0.3} z"/></svg>`;
  const rgba = await sharp(Buffer.from(shape)).ensureAlpha().raw().toBuffer();
  const mask = Buffer.alloc(width * height);
  for (let i = 0; i < mask.length; i++) {
    mask[i] = rgba[i * 4 + 3] ?? 0;
    // The photo's own grey shows through the edge's colour where a matte leaves some of it.
    if (mask[i] === 0) rgba.set([120, 120, 125], i * 4);
  }
  return { rgba, mask, width, height };
}

async function render(cutout: Cutout, plan: ScenePlan) {
  const { data } = await (await composite(cutout, plan, SEED, "fast"))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const layout = await layoutOnWhite(cutout);
  return { data, placed: layout.cutout.mask, bounds: layout.bounds };
}

const isWhite = (data: Buffer, i: number) =>
  data[i * 3] === 255 && data[i * 3 + 1] === 255 && data[i * 3 + 2] === 255;

/** The mask grown by `radius` px (a square neighbourhood). */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((mask[y * width + x] ?? 0) === 0) continue;
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        const row = yy * width;
        out.fill(1, row + Math.max(0, x - radius), row + Math.min(width, x + radius + 1));
      }
    }
  }
  return out;
}

/** The box of every pixel that is not pure white. */
function inkBounds(data: Buffer, width: number, height: number): Bounds {
  let [left, top, right, bottom] = [width, height, 0, 0];
  for (let i = 0; i < width * height; i++) {
    if (isWhite(data, i)) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x + 1);
    bottom = Math.max(bottom, y + 1);
  }
  return { left, top, right, bottom };
}

const FRAMES: [string, number, number, Bounds][] = [
  ["landscape, small subject (enlarged)", 300, 200, { left: 40, top: 30, right: 80, bottom: 110 }],
  ["portrait, wide subject", 200, 300, { left: 20, top: 100, right: 170, bottom: 190 }],
  ["square, large subject (shrunk)", 240, 240, { left: 8, top: 6, right: 200, bottom: 232 }],
];

describe("a white background", () => {
  it("is drawn as one flat #FFFFFF: no horizon, vignette, grain or tint", async () => {
    const plan = planScene("white background, warm golden hour light, vignette, bokeh");
    const raw = await renderScene(plan, { width: 120, height: 80, horizon: 50 }, 3, "rich");
    expect(raw.every((v) => v === 255)).toBe(true);
    const darker = await renderScene(
      { ...plan, backgroundGain: 0.8 },
      { width: 4, height: 4, horizon: 2 },
      3,
    );
    expect(darker.every((v) => v === 204)).toBe(true);
  });

  it.each(FRAMES)(
    "%s: centred, its larger side 85% of the frame's shorter side",
    async (_, width, height, box) => {
      const { data } = await render(
        await bottle(width, height, box),
        planScene("pure white, no shadow"),
      );
      const ink = inkBounds(data, width, height);
      const short = Math.min(width, height);
      const larger = Math.max(ink.right - ink.left, ink.bottom - ink.top);
      expect(larger / short).toBeGreaterThan(WHITE_FILL - 0.03);
      expect(larger / short).toBeLessThan(WHITE_FILL + 0.03);
      expect(Math.abs((ink.left + ink.right) / 2 - width / 2) / width).toBeLessThanOrEqual(0.02);
      expect(Math.abs((ink.top + ink.bottom) / 2 - height / 2) / height).toBeLessThanOrEqual(0.02);
    },
  );

  it("with no shadow, every pixel outside the subject is pure white and edges blend to white", async () => {
    const [, width, height, box] = FRAMES[0] ?? [
      "",
      0,
      0,
      { left: 0, top: 0, right: 0, bottom: 0 },
    ];
    const { data, placed } = await render(
      await bottle(width, height, box),
      planScene("pure white background, no shadow"),
    );
    let outside = 0;
    for (let i = 0; i < width * height; i++) {
      if ((placed[i] ?? 0) > 0) continue;
      outside++;
      expect(isWhite(data, i), `pixel ${i % width},${Math.floor(i / width)}`).toBe(true);
    }
    expect(outside).toBeGreaterThan(width * height * 0.5);
    // Red (200, 30, 30) over white only: no grey or dark fringe anywhere, the photo's grey gone.
    for (let i = 0; i < width * height; i++) {
      const [r, g, b] = [data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0];
      expect(r, `pixel ${i % width},${Math.floor(i / width)}`).toBeGreaterThanOrEqual(198);
      expect(Math.abs(g - b)).toBeLessThanOrEqual(2);
    }
  });

  it("with a soft shadow, only a contact shadow under the base is not white", async () => {
    for (const [name, width, height, box] of FRAMES) {
      const { data, placed, bounds } = await render(
        await bottle(width, height, box),
        planScene("white background, soft shadow, amazon listing"),
      );
      for (const [x, y] of [
        [0, 0],
        [width - 1, 0],
        [0, height - 1],
        [width - 1, height - 1],
      ] as const) {
        expect(isWhite(data, y * width + x), `${name} corner ${x},${y}`).toBe(true);
      }
      const near = dilate(placed, width, height, 2);
      const boxHeight = bounds.bottom - bounds.top;
      const boxWidth = bounds.right - bounds.left;
      // The contact shadow's region: a band along the base, a little wider than the subject.
      const region = {
        left: bounds.left - boxWidth * 0.1,
        right: bounds.right + boxWidth * 0.1,
        // The floor behind the base shows beside its lowest sides, a little higher up.
        top: bounds.bottom - boxHeight * 0.25,
        bottom: bounds.bottom + boxHeight * 0.25,
      };
      let shaded = 0;
      for (let i = 0; i < width * height; i++) {
        if (near[i] || isWhite(data, i)) continue;
        const x = i % width;
        const y = Math.floor(i / width);
        const inRegion =
          x >= region.left && x < region.right && y >= region.top && y < region.bottom;
        expect(inRegion, `${name}: pixel ${x},${y} outside the shadow`).toBe(true);
        // A neutral grey shade, never coloured.
        const [r, g, b] = [data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0];
        expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThanOrEqual(1);
        shaded++;
      }
      expect(shaded, name).toBeGreaterThan(boxWidth);
    }
  });

  it("keeps the subject's own colours: no light match, wrap or grade", async () => {
    const [, width, height, box] = FRAMES[0] ?? [
      "",
      0,
      0,
      { left: 0, top: 0, right: 0, bottom: 0 },
    ];
    const cutout = await bottle(width, height, box);
    const { data, placed } = await render(cutout, planScene("white background, warm sunset light"));
    // The interior, away from the edge the resize softens.
    const edge = dilate(
      placed.map((a) => (a < 255 ? 1 : 0)),
      width,
      height,
      8,
    );
    let inside = 0;
    for (let i = 0; i < width * height; i++) {
      if (edge[i]) continue;
      if ((placed[i] ?? 0) < 255) continue;
      inside++;
      expect([data[i * 3], data[i * 3 + 1], data[i * 3 + 2]]).toEqual([200, 30, 30]);
    }
    expect(inside).toBeGreaterThan(1000);
  });

  it("leaves a subject the photo crops where it was, its cut on the frame's edge", () => {
    expect(whiteFraming({ left: 40, top: 60, right: 200, bottom: 200 }, 240, 200)).toBeUndefined();
    expect(whiteFraming({ left: 0, top: 10, right: 100, bottom: 150 }, 240, 200)).toBeUndefined();
    expect(whiteFraming({ left: 40, top: 40, right: 100, bottom: 150 }, 240, 200)).toEqual({
      left: 74,
      top: 15,
      right: 167,
      bottom: 185,
    });
  });

  it("draws the same bytes for the same plan", async () => {
    const cutout = await bottle(160, 120, { left: 50, top: 20, right: 90, bottom: 100 });
    const plan = planScene("white background, soft shadow");
    const [a, b] = [await render(cutout, plan), await render(cutout, plan)];
    expect(a.data.equals(b.data)).toBe(true);
  });
});
