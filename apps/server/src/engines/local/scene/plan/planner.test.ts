import { describe, expect, it } from "vitest";
import { chroma, luma, type Rgb } from "../../common/index.ts";
import { groundOf, libraryScene } from "../library/index.ts";
import { planScene, sceneWordsIn } from "./planner.ts";

const average = (colours: Rgb[]) => colours.reduce((sum, c) => sum + luma(c), 0) / colours.length;
const warmth = ([r, , b]: Rgb) => r - b;

describe("planScene settings", () => {
  it.each([
    ["a clean studio shot", "studio", "studio"],
    ["on a seamless backdrop", "studio", "studio"],
    ["on a wooden table", "tabletop", "wall"],
    ["product on a podium", "podium", "studio"],
    ["on a stone pedestal", "podium", "studio"],
    ["on the floor", "floor", "wall"],
    ["on a sandy beach", "beach", "sky"],
    ["in a forest", "forest", "foliage"],
    ["on a city street", "city", "wall"],
    ["in the mountains", "mountains", "sky"],
    ["in the sky among clouds", "sky", "sky"],
    ["on a lake", "water", "sky"],
    ["in a kitchen", "kitchen", "wall"],
    ["in a bathroom", "bathroom", "wall"],
    ["in a living room", "living room", "wall"],
    ["in an office", "office", "wall"],
    ["in a café", "cafe", "wall"],
    ["at a coffee shop", "cafe", "wall"],
  ])("%s → %s", (prompt, setting, backdrop) => {
    const plan = planScene(prompt);
    expect(plan.setting).toBe(setting);
    expect(plan.backdrop).toBe(backdrop);
    expect(plan.words.length).toBeGreaterThan(0);
  });

  it("prefers the specific place to a generic surface word in it", () => {
    expect(planScene("on a table in a café").setting).toBe("cafe");
    expect(planScene("on a kitchen counter").setting).toBe("kitchen");
  });

  it("puts a podium into any place that names one", () => {
    const beach = planScene("on a podium at the beach");
    expect(beach.setting).toBe("beach");
    expect(beach.podium).toBe(true);
    expect(planScene("on a table").podium).toBe(false);
  });
});

describe("planScene surfaces", () => {
  it.each([
    ["on marble", "marble", 0.2, 0.6],
    ["on an oak board", "wood", 0, 0.2],
    ["on raw concrete", "concrete", 0, 0.1],
    ["on a linen cloth", "linen", 0, 0],
    ["in the sand", "sand", 0, 0],
    ["on a slate slab", "stone", 0, 0.15],
    ["on ceramic tiles", "tiles", 0.2, 0.5],
    ["on glass", "glass", 0.8, 1],
    ["on the water surface", "water", 0.85, 1],
    ["on grass", "grass", 0, 0],
    ["in the snow", "snow", 0, 0.1],
  ])("%s → %s with gloss in range", (prompt, material, low, high) => {
    const plan = planScene(prompt);
    expect(plan.material).toBe(material);
    expect(plan.gloss).toBeGreaterThanOrEqual(low);
    expect(plan.gloss).toBeLessThanOrEqual(high);
  });

  it("makes polished surfaces glossier and matte ones less so", () => {
    const marble = planScene("on marble").gloss;
    expect(planScene("on polished marble").gloss).toBeGreaterThan(marble + 0.2);
    expect(planScene("on honed marble").gloss).toBeLessThan(marble);
  });

  it("gives surfaces their colours: light marble, warm brown wood", () => {
    expect(average(planScene("on marble").floor)).toBeGreaterThan(200);
    const wood = planScene("on a wooden table");
    expect(warmth(wood.floor[0])).toBeGreaterThan(40);
    expect(average(wood.floor)).toBeLessThan(150);
  });

  it("continues a photographed view's own ground, unless the prompt names the surface", () => {
    const lake = planScene("by a calm lake");
    const view = libraryScene(lake.scene)?.view;
    const ground = view && groundOf(view);
    expect(ground).toBeDefined();
    expect(lake.floor[0]).toEqual(ground);
    const snowy = planScene("on fresh snow in the mountains");
    expect(snowy.material).toBe("snow");
    expect(average(snowy.floor)).toBeGreaterThan(200);
  });

  it("reads a mixed prompt: a marble counter in morning light", () => {
    const plan = planScene("on a marble counter, morning light");
    expect(plan.setting).toBe("kitchen");
    expect(plan.material).toBe("marble");
    expect(plan.time).toBe("morning");
    expect(warmth(plan.light.tint)).toBeGreaterThan(0);
    expect(plan.words).toEqual(expect.arrayContaining(["counter", "marble", "morning"]));
  });
});

describe("planScene colours", () => {
  it("paints a studio sweep in a named colour, wall and floor alike", () => {
    const pink = planScene("on a pink background");
    expect(pink.setting).toBe("studio");
    expect(pink.words).toEqual(["pink"]);
    expect(pink.sky[0][0]).toBeGreaterThan(pink.sky[0][1] + 40);
    expect(pink.floor[0][0]).toBeGreaterThan(pink.floor[0][1] + 30);
  });

  it("gives a colour right before a surface to the surface", () => {
    const plan = planScene("on blue marble");
    expect(plan.material).toBe("marble");
    expect(plan.floor[0][2]).toBeGreaterThan(plan.floor[0][0] + 40);
    expect(chroma(plan.sky[0])).toBeLessThan(0.1);
  });

  it("gives a colour right before a podium to the podium", () => {
    const plan = planScene("white podium, sage green");
    expect(plan.podiumColour).toEqual([245, 245, 243]);
    expect(plan.sky[0][1]).toBeGreaterThan(plan.sky[0][0] + 5);
  });

  it("makes pastel paler, dark darker and vibrant more saturated", () => {
    const green = planScene("green background");
    const pastel = planScene("pastel green background");
    const dark = planScene("dark green background");
    const vibrant = planScene("vibrant green background");
    expect(luma(pastel.sky[0])).toBeGreaterThan(luma(green.sky[0]) + 20);
    expect(chroma(pastel.sky[0])).toBeLessThan(chroma(green.sky[0]));
    expect(luma(dark.sky[0])).toBeLessThan(luma(green.sky[0]) * 0.7);
    expect(chroma(vibrant.sky[0])).toBeGreaterThan(chroma(green.sky[0]) + 0.1);
  });

  it("does not read golden hour as the colour gold", () => {
    const plan = planScene("golden hour on the beach");
    expect(plan.sun).toBe(true);
    expect(plan.words).not.toContain("golden");
  });
});

describe("planScene light", () => {
  it("reads golden hour as warm, low light", () => {
    const plan = planScene("on the beach at golden hour");
    expect(warmth(plan.light.tint)).toBeGreaterThan(100);
    expect(plan.light.amount).toBeGreaterThan(0.2);
    expect(plan.light.elevation).toBeLessThan(0.3);
    expect(plan.sun).toBe(true);
  });

  it("reads sunset as a warm sky with the sun down low", () => {
    const plan = planScene("on a sandy beach at sunset");
    expect(plan.sun).toBe(true);
    expect(warmth(plan.sky[1])).toBeGreaterThan(100);
    expect(plan.light.elevation).toBeLessThan(0.2);
  });

  it("reads night as a dark blue sky with stars outdoors, and darker rooms indoors", () => {
    const night = planScene("in the mountains at night");
    expect(night.stars).toBe(true);
    expect(average(night.sky)).toBeLessThan(60);
    expect(night.sky[0][2]).toBeGreaterThan(night.sky[0][0]);
    const room = planScene("living room at night");
    expect(room.stars).toBe(false);
    expect(average(room.sky)).toBeLessThan(average(planScene("living room").sky) * 0.7);
  });

  it.each([
    ["soft light", (p: ReturnType<typeof planScene>) => p.light.hardness < 0.2],
    ["hard light", (p: ReturnType<typeof planScene>) => p.light.hardness > 0.8],
    ["backlit", (p: ReturnType<typeof planScene>) => p.light.backlit],
    ["neon lights", (p: ReturnType<typeof planScene>) => p.neon],
    ["window light", (p: ReturnType<typeof planScene>) => p.window],
    ["dramatic", (p: ReturnType<typeof planScene>) => p.light.contrast > 1.2],
    ["light from the left", (p: ReturnType<typeof planScene>) => (p.light.side ?? 1) < 0.3],
    ["lit from the right", (p: ReturnType<typeof planScene>) => (p.light.side ?? 0) > 0.7],
  ])("%s", (prompt, holds) => {
    expect(holds(planScene(prompt))).toBe(true);
  });

  it("tints warm and cool light", () => {
    expect(warmth(planScene("warm kitchen").light.tint)).toBeGreaterThan(50);
    expect(warmth(planScene("cool kitchen").light.tint)).toBeLessThan(-30);
  });

  it("leaves the side to the seed when the prompt names none", () => {
    expect(planScene("on a table").light.side).toBeUndefined();
  });
});

describe("planScene camera and shadow", () => {
  it.each([
    ["close-up on marble", { closeUp: true, topDown: false }],
    ["flat lay on linen", { closeUp: false, topDown: true }],
    ["top-down shot", { closeUp: false, topDown: true }],
  ])("%s", (prompt, camera) => {
    expect(planScene(prompt).camera).toMatchObject(camera);
  });

  it("reads bokeh as a strongly blurred backdrop and deep focus as a sharp one", () => {
    expect(planScene("in a kitchen, bokeh").camera.bokeh).toBeGreaterThan(0.9);
    expect(planScene("in a kitchen, deep focus").camera.bokeh).toBeLessThan(0.1);
    expect(planScene("close-up").camera.bokeh).toBeGreaterThan(planScene("studio").camera.bokeh);
  });

  it("removes the shadow only when asked", () => {
    expect(planScene("on marble").shadow).toBe(1);
    expect(planScene("on marble, no shadow").shadow).toBe(0);
  });
});

describe("planScene white (marketplace) backgrounds", () => {
  it.each([
    "white background",
    "white background, soft shadow, amazon listing",
    "pure white background",
    "pure white",
    "plain white",
    "plain background",
    "amazon",
    "amazon listing",
    "marketplace main image",
    "e-commerce white",
    "ecommerce",
    "ecommerce product photo",
    "etsy main image",
    "ebay main image",
    "etsy listing photo",
    "product on white",
    "on white, with a soft shadow",
    "make the background white",
    "white backdrop, no shadow",
  ])("%s → white", (prompt) => {
    const plan = planScene(prompt);
    expect(plan.setting).toBe("white");
    expect(plan.words.length).toBeGreaterThan(0);
  });

  it.each([
    ["on a white marble counter", "kitchen"],
    ["in a white studio", "studio"],
    ["on a white podium", "podium"],
    ["plain white marble", "tabletop"],
    ["in the amazon rainforest", "forest"],
    ["deep in the amazon jungle", "forest"],
    ["etsy photo on a wooden table", "tabletop"],
    ["on white sand at the beach", "beach"],
  ])("%s is a place, not the white background (%s)", (prompt, setting) => {
    expect(planScene(prompt).setting).toBe(setting);
  });

  it("beats a place named with it, and is left by an edit that names a place", () => {
    expect(planScene("amazon listing, on a marble table").setting).toBe("white");
    const moved = planScene("white background, soft shadow", ["on a beach at sunset"]);
    expect(moved.setting).toBe("beach");
    expect(planScene("on a beach", ["pure white background"]).setting).toBe("white");
  });

  it("is pure white with nothing else: no light colour, vignette, gloss, podium or blur", () => {
    const plan = planScene("white background, golden hour, neon, bokeh, on a podium, pink");
    for (const colour of [...plan.sky, ...plan.floor, plan.light.tint]) {
      expect(colour).toEqual([255, 255, 255]);
    }
    expect(plan.light).toMatchObject({ amount: 0, vignette: 0, contrast: 1, backlit: false });
    expect(plan).toMatchObject({ gloss: 0, podium: false, neon: false, window: false });
    expect(plan).toMatchObject({ sun: false, stars: false, backgroundGain: 1 });
    expect(plan.camera).toEqual({ closeUp: false, topDown: false, bokeh: 0 });
  });

  it("has a soft contact shadow unless the prompt says no shadow", () => {
    expect(planScene("white background").shadow).toBe(1);
    expect(planScene("white background, soft shadow, amazon listing").shadow).toBe(1);
    expect(planScene("on white with shadow").shadow).toBe(1);
    expect(planScene("pure white background, no shadow").shadow).toBe(0);
    expect(planScene("amazon listing without shadow").shadow).toBe(0);
    expect(planScene("plain white, without a shadow").shadow).toBe(0);
  });
});

describe("planScene fallback and revisions", () => {
  it("gives prompts it cannot read a neutral studio sweep, the same every time", () => {
    const dream = planScene("floating in a mysterious void");
    expect(dream.words).toEqual([]);
    expect(dream.setting).toBe("studio");
    expect(dream.material).toBe("plain");
    expect(planScene("somewhere else entirely")).toEqual(dream);
    for (const colour of [...dream.sky, ...dream.floor]) {
      expect(chroma(colour)).toBeLessThan(0.06);
      expect(luma(colour)).toBeGreaterThan(190);
    }
  });

  it("tints the fallback studio by what it did understand", () => {
    const plan = planScene("a dreamy teal void");
    expect(plan.setting).toBe("studio");
    expect(plan.sky[0][2]).toBeGreaterThan(plan.sky[0][0] + 30);
  });

  it("lets later revisions replace what they name and keep the rest", () => {
    const plan = planScene("on a marble table at sunset", ["at night"]);
    expect(plan.material).toBe("marble");
    expect(plan.time).toBe("night");
    const moved = planScene("on a marble table, pink", ["on a beach"]);
    expect(moved.setting).toBe("beach");
    expect(moved.material).toBe("sand");
    const surface = planScene("on marble", ["on oak", "on concrete"]);
    expect(surface.material).toBe("concrete");
    expect(surface.words).toEqual(["marble", "oak", "concrete"]);
  });

  it("names the scene words in an instruction, and none in a plain edit", () => {
    expect(sceneWordsIn("make it night")).toEqual(["night"]);
    expect(sceneWordsIn("put it on a beach at sunset")).toEqual(["beach", "sunset"]);
    for (const edit of [
      "make it sharper please",
      "black and white",
      "brighter, warmer",
      "darker",
    ]) {
      expect(sceneWordsIn(edit), edit).toEqual([]);
    }
  });
});
