import { beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltCase,
  buildCase,
  CATEGORIES,
  CUTOUT_CASES,
  neighboursAlpha,
} from "../bench/cutout-set/index.ts";
import { dilate, SOLID_ALPHA, scoreMatte } from "../src/lib/mask-metrics.ts";

// The cut-out's evaluation set (`npm run bench:cutout`): the same on every run, its truth sound.
let built: BuiltCase[] = [];

beforeAll(async () => {
  built = [];
  for (const item of CUTOUT_CASES) built.push(await buildCase(item));
});

const byId = (id: string) => {
  const found = built.find((b) => b.id === id);
  if (!found) throw new Error(`No case ${id}`);
  return found;
};

const share = (bytes: Uint8Array, test: (value: number, index: number) => boolean) =>
  bytes.reduce((count, value, index) => count + (test(value, index) ? 1 : 0), 0) / bytes.length;

describe("the cut-out's evaluation set", () => {
  it("has several pictures in every category, under unique ids, no side above 1024 px", () => {
    for (const category of CATEGORIES) {
      expect({
        category,
        cases: CUTOUT_CASES.filter((c) => c.category === category).length,
      }).toEqual({ category, cases: expect.toSatisfy((n: number) => n >= 4) });
    }
    expect(new Set(CUTOUT_CASES.map((c) => c.id)).size).toBe(CUTOUT_CASES.length);
    for (const c of CUTOUT_CASES)
      expect(Math.max(c.canvas.width, c.canvas.height)).toBeLessThanOrEqual(1024);
  });

  it("builds every picture and its truth byte for byte the same again", async () => {
    for (const item of CUTOUT_CASES) {
      const again = await buildCase(item);
      const first = byId(item.id);
      expect({
        id: item.id,
        rgb: again.rgb.equals(first.rgb),
        truth: again.truth.equals(first.truth),
      }).toEqual({
        id: item.id,
        rgb: true,
        truth: true,
      });
    }
  }, 120_000);

  it("scores each truth against itself as perfect, with a subject of a fair size", () => {
    for (const b of built) {
      expect({ id: b.id, ...scoreMatte(b.truth, b.truth, b) }).toEqual({
        id: b.id,
        iou: 1,
        boundaryF: 1,
        leftovers: 0,
      });
      const solid = share(b.truth, (v) => v >= SOLID_ALPHA);
      expect({ id: b.id, solid: solid > 0.02 && solid < 0.9 }).toEqual({ id: b.id, solid: true });
    }
  });

  it("gives glass and transparent subjects a partial alpha the background shows through", () => {
    for (const b of built.filter((c) => c.category === "glass/transparent")) {
      const partialShareOfSubject =
        share(b.truth, (v) => v > 0 && v < 230) / share(b.truth, (v) => v > 0);
      expect({ id: b.id, partial: partialShareOfSubject > 0.3 }).toEqual({
        id: b.id,
        partial: true,
      });
    }
  });

  it("lets frame-filling subjects cover much of the picture and run off at least two edges", () => {
    for (const b of built.filter((c) => c.category === "fills the frame")) {
      const { width, height, truth } = b;
      const at = (x: number, y: number) => (truth[y * width + x] ?? 0) >= SOLID_ALPHA;
      const runsOff = [
        Array.from({ length: width }, (_, x) => at(x, 0)).some(Boolean),
        Array.from({ length: width }, (_, x) => at(x, height - 1)).some(Boolean),
        Array.from({ length: height }, (_, y) => at(0, y)).some(Boolean),
        Array.from({ length: height }, (_, y) => at(width - 1, y)).some(Boolean),
      ].filter(Boolean).length;
      const covered = share(truth, (v) => v >= SOLID_ALPHA);
      expect({ id: b.id, runsOff: runsOff >= 2, covered: covered > 0.35 }).toEqual({
        id: b.id,
        runsOff: true,
        covered: true,
      });
    }
  });

  it("puts the other things of a touching picture right against the subject", async () => {
    for (const item of CUTOUT_CASES.filter((c) => c.category === "touches other things")) {
      const alone = await buildCase({ ...item, neighbours: [] });
      const others = await neighboursAlpha(item);
      const present = new Uint8Array(alone.truth.length);
      for (let i = 0; i < present.length; i++) present[i] = (alone.truth[i] ?? 0) > 0 ? 1 : 0;
      const near = dilate(present, alone, 2);
      const touching = share(others, (_, i) => near[i] === 1 && (others[i] ?? 0) >= SOLID_ALPHA);
      expect({ id: item.id, touching: touching * others.length > 20 }).toEqual({
        id: item.id,
        touching: true,
      });
    }
  }, 60_000);
});
