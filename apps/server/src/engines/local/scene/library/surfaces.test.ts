import { describe, expect, it } from "vitest";
import { planScene } from "../plan/index.ts";
import { SCENE_LIBRARY } from "./scenes.ts";
import { surfacePhoto } from "./surfaces.ts";

const scene = (id: string) => {
  const found = SCENE_LIBRARY.find((each) => each.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe("surfacePhoto", () => {
  it("keeps the scene's own surface unless the prompt named another", () => {
    expect(surfacePhoto(scene("garden"), "grass", false)).toBe("grass");
    expect(surfacePhoto(scene("garden"), "grass", true)).toBe("grass");
    expect(surfacePhoto(scene("garden"), "linen", true)).toBe("linen");
    expect(surfacePhoto(scene("paper-sweep"), "marble", true)).toBe("marble");
  });

  it("draws a named surface the library has no photograph of", () => {
    expect(surfacePhoto(scene("garden"), "snow", true)).toBeUndefined();
    expect(surfacePhoto(scene("city-street"), "water", true)).toBeUndefined();
  });

  it("puts a picnic blanket in a park, not the park's grass", () => {
    const plan = planScene("on a picnic blanket in a park");
    expect(plan.scene).toBe("garden");
    expect(plan.surfacePhoto).toBe("linen");
    expect(planScene("in a park").surfacePhoto).toBe("grass");
  });
});
