import { describe, expect, it } from "vitest";
import { type ShadowLight, shadowProjection } from "./cast-shadow.ts";
import { floorShadow } from "./floor-shadow.ts";

const WIDTH = 400;
const HEIGHT = 300;
/** A post 30 px wide and 100 px tall standing with its base on row 200. */
const POST = { left: 185, top: 100, right: 215, bottom: 200 };

function postMask(): Buffer {
  const mask = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = POST.top; y < POST.bottom; y++) {
    mask.fill(255, y * WIDTH + POST.left, y * WIDTH + POST.right);
  }
  return mask;
}

const light = (changes: Partial<ShadowLight>): ShadowLight => ({
  side: 0.5,
  elevation: 0.5,
  backlit: false,
  ...changes,
});

/** The cast shadow alone, on the floor around the post. */
async function cast(changes: Partial<ShadowLight>, hardness = 0.8) {
  const projection = shadowProjection(light(changes), false, 0.9);
  return floorShadow(postMask(), WIDTH, HEIGHT, POST, {
    projection,
    hardness,
    castOpacity: 1,
    contactOpacity: 0,
    quality: "fast",
  });
}

/** Where the shade lies: its opacity-weighted centre and its total, outside the post. */
function mass(alpha: Buffer) {
  let total = 0;
  let sumX = 0;
  let sumY = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const inside = x >= POST.left && x < POST.right && y >= POST.top && y < POST.bottom;
      const a = inside ? 0 : (alpha[y * WIDTH + x] ?? 0);
      total += a;
      sumX += a * x;
      sumY += a * y;
    }
  }
  return { x: sumX / Math.max(1, total), y: sumY / Math.max(1, total), total };
}

/** The farthest column from the post's centre with a visible shadow. */
function reach(alpha: Buffer): number {
  let farthest = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if ((alpha[y * WIDTH + x] ?? 0) > 20) farthest = Math.max(farthest, Math.abs(x - 200));
    }
  }
  return farthest;
}

describe("shadowProjection", () => {
  it("throws the shadow away from the light, longer for a low light", () => {
    expect(shadowProjection(light({ side: 0 }), false).shear).toBeGreaterThan(0);
    expect(shadowProjection(light({ side: 1 }), false).shear).toBeLessThan(0);
    const low = shadowProjection(light({ side: 0, elevation: 0.1 }), false);
    const high = shadowProjection(light({ side: 0, elevation: 0.9 }), false);
    expect(low.length).toBeGreaterThan(high.length * 3);
  });

  it("lays the shadow back on the floor, or toward the camera when backlit", () => {
    expect(shadowProjection(light({}), false).rise).toBeGreaterThan(0);
    expect(shadowProjection(light({ backlit: true }), false).rise).toBeLessThan(0);
    // Never beyond the floor's back edge.
    const room = 0.2;
    const flat = shadowProjection(light({ elevation: 0 }), false, room);
    expect(flat.rise).toBeLessThanOrEqual(room);
  });

  it("shifts the silhouette instead of projecting it when seen from above", () => {
    const above = shadowProjection(light({ side: 0 }), true);
    expect(above.offset?.x).toBeGreaterThan(0);
    expect(Math.abs(above.offset?.x ?? 0)).toBeLessThan(0.4);
  });
});

describe("the cast shadow", () => {
  it("lies to the right of the subject for light from the left, and to the left for light from the right", async () => {
    const fromLeft = mass(await cast({ side: 0.05 }));
    const fromRight = mass(await cast({ side: 0.95 }));
    expect(fromLeft.total).toBeGreaterThan(0);
    expect(fromLeft.x).toBeGreaterThan(200 + 15);
    expect(fromRight.x).toBeLessThan(200 - 15);
    // Lying on the floor behind the post: above its base, below its top.
    expect(fromLeft.y).toBeLessThan(POST.bottom);
    expect(fromLeft.y).toBeGreaterThan(POST.top);
  });

  it("is shorter when the light is higher", async () => {
    const low = reach(await cast({ side: 0.1, elevation: 0.15 }));
    const high = reach(await cast({ side: 0.1, elevation: 0.85 }));
    expect(low).toBeGreaterThan(high + 40);
  });

  it("falls toward the camera, below the base, when backlit", async () => {
    const back = mass(await cast({ side: 0.5, backlit: true }));
    expect(back.y).toBeGreaterThan(POST.bottom);
    expect(Math.abs(back.x - 200)).toBeLessThan(5);
  });

  it("is crisper for hard light than for soft light", async () => {
    const edge = (alpha: Buffer) => {
      // The steepest step across one row of the shadow.
      const y = 185;
      let steepest = 0;
      for (let x = 1; x < WIDTH; x++) {
        steepest = Math.max(
          steepest,
          Math.abs((alpha[y * WIDTH + x] ?? 0) - (alpha[y * WIDTH + x - 1] ?? 0)),
        );
      }
      return steepest;
    };
    const hard = edge(await cast({ side: 0.1 }, 1));
    const soft = edge(await cast({ side: 0.1 }, 0));
    expect(hard).toBeGreaterThan(soft * 1.5);
  });
});
