import { describe, expect, it } from "vitest";
import type { SceneProp } from "../../types.ts";
import { planScene } from "./planner.ts";
import { drawableProps, type PropPlace, propRefusal, readProps } from "./props.ts";

const ALL: SceneProp[] = [
  "string lights",
  "pine branches",
  "autumn leaves",
  "plant",
  "lemons",
  "oranges",
  "limes",
  "pebbles",
  "drape",
  "brick wall",
  "palm shadows",
  "blind shadows",
  "splash",
];

const place = (changes: Partial<PropPlace>): PropPlace => ({
  setting: "tabletop",
  material: "wood",
  outdoor: false,
  topDown: false,
  ...changes,
});

const propsOf = (prompt: string, revisions: string[] = []) => planScene(prompt, revisions).props;

describe("readProps", () => {
  it("gives each phrase to one prop, the longest reading first", () => {
    const read = (text: string) => readProps(text).mentions.map((m) => [m.phrase, m.props]);
    expect(read("plant shadows")).toEqual([["plant shadows", ["palm shadows"]]]);
    expect(read("christmas lights")).toEqual([["christmas lights", ["string lights"]]]);
    expect(read("a christmas table")).toEqual([["christmas", ["string lights", "pine branches"]]]);
    expect(read("venetian blinds, a monstera")).toEqual([
      ["venetian blinds", ["blind shadows"]],
      ["monstera", ["plant"]],
    ]);
  });

  it("marks prop phrases out of the text the rest of the vocabulary reads, at the same length", () => {
    const text = "pine cones on a pine table";
    const { rest } = readProps(text);
    expect(rest.length).toBe(text.length);
    expect(rest).not.toContain("cones");
    expect(rest).toContain("pine table");
  });

  it("reads the words in front that take a prop away", () => {
    for (const text of ["no plants", "remove the lemons", "without any lights garland"]) {
      expect(readProps(text).mentions[0]?.removes, text).toBe(true);
    }
    expect(readProps("with lemons").mentions[0]?.removes).toBe(false);
  });

  it("keeps overlapping words apart: surfaces, colours and places stay what they were", () => {
    expect(planScene("pine cones on a pine table")).toMatchObject({
      material: "wood",
      props: ["pine branches"],
    });
    expect(planScene("on pebbles").material).toBe("stone");
    expect(planScene("beside pebbles on marble")).toMatchObject({
      material: "marble",
      props: ["pebbles"],
    });
    expect(planScene("on a draped linen cloth")).toMatchObject({ material: "linen", props: [] });
    expect(planScene("autumn leaves on the ground").setting).toBe("floor");
    expect(planScene("orange background").props).toEqual([]);
    expect(planScene("lime green background").props).toEqual([]);
    expect(planScene("in a living room on a sofa").setting).toBe("living room");
  });
});

describe("propRefusal", () => {
  it("draws every prop in an ordinary room on a table", () => {
    for (const prop of ALL) expect(propRefusal(prop, place({})), prop).toBeUndefined();
  });

  it("draws nothing on a white (marketplace) background", () => {
    expect(drawableProps(ALL, place({ setting: "white", material: "plain" }))).toEqual([]);
  });

  it("hangs a wall or a drape only indoors on an untiled wall, and brick on a street", () => {
    for (const setting of ["beach", "forest", "mountains", "sky"] as const) {
      expect(propRefusal("brick wall", place({ setting, outdoor: true }))).toBeDefined();
      expect(propRefusal("drape", place({ setting, outdoor: true }))).toBeDefined();
    }
    for (const setting of ["kitchen", "bathroom"] as const) {
      expect(propRefusal("brick wall", place({ setting }))).toBeDefined();
      expect(propRefusal("drape", place({ setting }))).toBeDefined();
    }
    expect(propRefusal("brick wall", place({ setting: "city", outdoor: true }))).toBeUndefined();
    expect(propRefusal("drape", place({ setting: "city", outdoor: true }))).toBeDefined();
  });

  it("lays no hanging thing, wall or splash in a flat lay, and everything lying down", () => {
    const flat = drawableProps(ALL, place({ topDown: true }));
    for (const prop of ["string lights", "drape", "brick wall", "splash"] as const) {
      expect(flat).not.toContain(prop);
    }
    expect(flat).toEqual(
      expect.arrayContaining(["pine branches", "autumn leaves", "lemons", "pebbles"]),
    );
    expect(flat).toEqual(expect.arrayContaining(["palm shadows", "blind shadows", "plant"]));
  });

  it("puts on water only what floats, splashes or hangs above it", () => {
    const onWater = place({ setting: "water", material: "water", outdoor: true });
    expect(drawableProps(ALL, onWater)).toEqual(["string lights", "autumn leaves", "splash"]);
  });

  it("has no window blinds outdoors", () => {
    expect(propRefusal("blind shadows", place({ setting: "beach", outdoor: true }))).toBeDefined();
    expect(propRefusal("palm shadows", place({ setting: "beach", outdoor: true }))).toBeUndefined();
  });
});

describe("planScene props", () => {
  it("plans the props the place can hold, and leaves the others' words out", () => {
    const white = planScene("white background with lemons and christmas lights");
    expect(white.props).toEqual([]);
    expect(white.words).not.toContain("lemons");
    expect(white.words).not.toContain("christmas lights");
    const beach = planScene("on the beach with lemons against a brick wall");
    expect(beach.props).toEqual(["lemons"]);
    expect(beach.words).toContain("lemons");
    expect(beach.words).not.toContain("brick wall");
  });

  it("keeps a set's word while any of its props is drawn", () => {
    const flat = planScene("christmas flat lay");
    expect(flat.props).toEqual(["pine branches"]);
    expect(flat.words).toContain("christmas");
  });

  it("adds and removes props over revisions, each once", () => {
    expect(propsOf("on a table", ["add christmas lights", "add lemons"])).toEqual([
      "string lights",
      "lemons",
    ]);
    expect(propsOf("on a table with lemons", ["remove the lemons"])).toEqual([]);
    expect(propsOf("on a table with a plant", ["no plants", "add lemons"])).toEqual(["lemons"]);
    expect(propsOf("with lemons", ["add lemons"])).toEqual(["lemons"]);
    // Props stay with the scene when it moves, and come back when it can hold them again.
    expect(propsOf("with lemons", ["on the beach"])).toEqual(["lemons"]);
    expect(propsOf("with lemons", ["white background", "on a table"])).toEqual(["lemons"]);
  });

  it("understands taking away a prop that is not there, and draws nothing for it", () => {
    const plan = planScene("on a table", ["remove the lemons"]);
    expect(plan.props).toEqual([]);
    expect(plan.words).toContain("remove the lemons");
  });

  it("sets the scene around a prop: brick colours the wall, shadow patterns harden the light", () => {
    const brick = planScene("against a brick wall");
    expect(brick.setting).toBe("tabletop");
    expect(brick.sky[1][0]).toBeGreaterThan(brick.sky[1][2] + 40);
    const painted = planScene("white brick wall");
    expect(painted.sky[1][2]).toBeGreaterThan(brick.sky[1][2] + 60);
    expect(planScene("palm leaf shadows").light.hardness).toBeGreaterThan(0.7);
    expect(planScene("palm leaf shadows, soft light").light.hardness).toBeLessThan(0.2);
  });

  it("reads office words as the office", () => {
    for (const prompt of ["in an office", "home office", "in a workspace", "desk by a window"]) {
      expect(planScene(prompt).setting, prompt).toBe("office");
    }
    expect(planScene("on a desk").setting).toBe("tabletop");
  });
});
