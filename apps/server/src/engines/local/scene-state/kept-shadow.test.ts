import { describe, expect, it } from "vitest";
import { planOf } from "./kept-render.ts";
import { firstSceneState, readSceneState } from "./kept-scene.ts";

describe("the shadow chosen with a generation", () => {
  it("natural: cast and contact shadows at the plan's strength", () => {
    const plan = planOf(firstSceneState("on a wooden table", 7, "fast", "natural"));
    expect(plan.castShadow).toBe(true);
    expect(plan.shadow).toBe(1);
  });

  it("soft: the contact shadow only, kept with the scene for its edits", () => {
    const state = firstSceneState("on a wooden table", 7, "fast", "soft");
    expect(planOf(state).castShadow).toBe(false);
    expect(planOf(state).shadow).toBe(1);
    const again = readSceneState(JSON.parse(JSON.stringify(state)));
    expect(again && planOf(again).castShadow).toBe(false);
  });

  it("a scene kept before the choice existed keeps its cast shadow", () => {
    const { castShadow: _, ...older } = firstSceneState("on a wooden table", 7, "fast");
    const state = readSceneState(JSON.parse(JSON.stringify(older)));
    expect(state && planOf(state).castShadow).toBe(true);
  });
});
