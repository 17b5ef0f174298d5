import { describe, expect, it } from "vitest";
import type { SceneGeometry, ScenePlan, SceneProp } from "../../../types.ts";
import { planScene } from "../../plan/index.ts";
import { renderScene } from "../render-scene.ts";

const geometry: SceneGeometry = {
  width: 240,
  height: 160,
  horizon: 90,
  subject: { left: 80, top: 34, right: 160, bottom: 140 },
};

/** The same plan without its props: the words (and so every other detail) stay as they were. */
const bare = (plan: ScenePlan): ScenePlan => ({ ...plan, props: [] });

/** Mean absolute difference per channel over the whole picture. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / Math.max(1, a.length);
}

const BEHIND_PROPS: SceneProp[] = [
  "string lights",
  "drape",
  "brick wall",
  "palm shadows",
  "blind shadows",
];

/** Props behind the subject: the wall, what hangs on it, light patterns on wall and floor. */
const BEHIND = [
  "against a brick wall",
  "a city street against a brick wall",
  "with a linen drape",
  "with christmas lights",
  "palm leaf shadows",
  "sunlight through venetian blinds",
  "flat lay on linen, palm leaf shadows",
];

describe("props", () => {
  it.each(BEHIND)("%s: drawn behind the subject, and visible", async (prompt) => {
    const plan = planScene(prompt);
    expect(plan.props.length).toBeGreaterThan(0);
    const withProps = await renderScene(plan, geometry, 5);
    expect(difference(withProps, await renderScene(bare(plan), geometry, 5))).toBeGreaterThan(1);
  });

  it("changes the picture with every prop on its own", async () => {
    const base = planScene("on a wooden table in a living room");
    const plain = await renderScene(base, geometry, 3);
    for (const prop of BEHIND_PROPS) {
      const drawn = await renderScene({ ...base, props: [prop] }, geometry, 3);
      expect(difference(drawn, plain), prop).toBeGreaterThan(0.3);
    }
  });

  it("is the same for a seed and moves with it", async () => {
    const plan = planScene("with a linen drape, christmas lights and palm leaf shadows");
    const first = await renderScene(plan, geometry, 11);
    expect((await renderScene(plan, geometry, 11)).equals(first)).toBe(true);
    expect(difference(await renderScene(plan, geometry, 12), first)).toBeGreaterThan(0.3);
  });

  it("keeps a white background pure white whatever props the words name", async () => {
    const plan = planScene("white background with lemons, a plant and christmas lights");
    const raw = await renderScene(plan, geometry, 2);
    expect(raw.every((value) => value === 255)).toBe(true);
  });
});
