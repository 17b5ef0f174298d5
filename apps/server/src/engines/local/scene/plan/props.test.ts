import { describe, expect, it } from "vitest";
import type { SceneProp } from "../../types.ts";
import { planScene, propsNamedIn } from "./planner.ts";
import { drawableProps, LOOKS_DRAWN, type PropPlace, propRefusal, readProps } from "./props.ts";

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

/** The props the offline engine draws: the rest would look like clip art. */
const DRAWN = ALL.filter((prop) => !LOOKS_DRAWN.includes(prop));

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
    expect(propsNamedIn("pine cones on a pine table")).toEqual(["pine branches"]);
    expect(planScene("pine cones on a pine table").material).toBe("wood");
    expect(planScene("on pebbles").material).toBe("stone");
    expect(propsNamedIn("beside pebbles on marble")).toEqual(["pebbles"]);
    expect(planScene("beside pebbles on marble").material).toBe("marble");
    expect(planScene("on a draped linen cloth")).toMatchObject({ material: "linen", props: [] });
    expect(planScene("autumn leaves on the ground").setting).toBe("floor");
    expect(propsNamedIn("orange background")).toEqual([]);
    expect(propsNamedIn("lime green background")).toEqual([]);
    expect(planScene("in a living room on a sofa").setting).toBe("living room");
  });

  it("reads autumn as the season and only the leaves as the prop", () => {
    const read = (text: string) => readProps(text).mentions.map((m) => m.phrase);
    expect(read("autumn leaves on a table")).toEqual(["leaves"]);
    expect(read("fallen maple leaves")).toEqual(["maple leaves"]);
    expect(read("an autumn mood")).toEqual([]);
  });
});

describe("propRefusal", () => {
  it("draws every prop that looks photographed in an ordinary room on a table", () => {
    for (const prop of DRAWN) expect(propRefusal(prop, place({})), prop).toBeUndefined();
  });

  it("never draws a prop that would look like clip art beside a photograph", () => {
    for (const prop of ["lemons", "oranges", "limes", "pine branches", "autumn leaves"] as const) {
      expect(propRefusal(prop, place({})), prop).toBe("it would look drawn, not photographed");
    }
    for (const prop of ["plant", "pebbles", "splash"] as const) {
      expect(propRefusal(prop, place({})), prop).toBeDefined();
    }
    expect(drawableProps(ALL, place({}))).toEqual(DRAWN);
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

  it("lays no hanging thing or wall in a flat lay, and light patterns on it", () => {
    const flat = drawableProps(ALL, place({ topDown: true }));
    expect(flat).toEqual(["palm shadows", "blind shadows"]);
  });

  it("puts on water only what hangs above it", () => {
    const onWater = place({ setting: "water", material: "water", outdoor: true });
    expect(drawableProps(ALL, onWater)).toEqual(["string lights"]);
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
    const beach = planScene("on the beach with palm shadows against a brick wall");
    expect(beach.props).toEqual(["palm shadows"]);
    expect(beach.words).toContain("palm shadows");
    expect(beach.words).not.toContain("brick wall");
    const lemons = planScene("on a wooden table with lemons");
    expect(lemons.props).toEqual([]);
    expect(lemons.words).not.toContain("lemons");
  });

  it("keeps a set's word while any of its props is drawn", () => {
    const table = planScene("christmas table");
    expect(table.props).toEqual(["string lights"]);
    expect(table.words).toContain("christmas");
    const flat = planScene("christmas flat lay");
    expect(flat.props).toEqual([]);
    expect(flat.words).not.toContain("christmas");
  });

  it("adds and removes props over revisions, each once", () => {
    expect(propsOf("on a table", ["add christmas lights", "add a drape"])).toEqual([
      "string lights",
      "drape",
    ]);
    expect(propsOf("on a table with a drape", ["remove the drape"])).toEqual([]);
    expect(propsOf("on a table with a drape", ["no drapes", "add palm shadows"])).toEqual([
      "palm shadows",
    ]);
    expect(propsOf("with a drape", ["add a drape"])).toEqual(["drape"]);
    // Props stay with the scene when it moves, and come back when it can hold them again.
    expect(propsOf("with palm shadows", ["on the beach"])).toEqual(["palm shadows"]);
    expect(propsOf("with a drape", ["white background", "on a table"])).toEqual(["drape"]);
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
