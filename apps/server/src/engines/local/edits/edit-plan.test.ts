import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { EDIT_TIPS } from "../../../../../web/src/features/editor/edit-tips.ts";
import { firstSceneState, NEUTRAL_LOOK, planOf, readSceneState } from "../scene-state/index.ts";
import { editRefusal } from "./edit-check.ts";
import { applyLook, changesScene, readEdit, stateAfter } from "./edit-plan.ts";

const lookAfter = (...prompts: string[]) =>
  prompts.reduce((look, prompt) => applyLook(look, readEdit(prompt)), NEUTRAL_LOOK);

describe("readEdit", () => {
  it.each([
    ["make it sunset", "make it sunset"],
    ["add a marble floor", "add a marble floor"],
    ["move it to a forest at night", "move it to a forest at night"],
    ["make the sky blue", "make the sky blue"],
    ["make the background white", "make the background white"],
  ])("leaves the scene words of %j for the scene plan", (prompt, sceneText) => {
    const instruction = readEdit(prompt);
    expect(instruction).toEqual({ changes: [], sceneText });
    expect(changesScene(instruction)).toBe(true);
  });

  it.each([
    ["make the background blue", [61, 115, 201]],
    ["turn the background green", [79, 154, 85]],
    ["a pink backdrop", [238, 143, 180]],
    ["background in navy", [29, 46, 92]],
    ["paint the wall pale blue", [148, 178, 225]],
  ])("reads %j as the backdrop's colour, not a scene revision", (prompt, colour) => {
    const instruction = readEdit(prompt);
    expect(instruction.changes.map((change) => change.name)).toEqual(["paint the backdrop"]);
    expect(instruction.sceneText).toBe("");
    expect(applyLook(NEUTRAL_LOOK, instruction).backdrop).toEqual(colour);
    // The backdrop is the scene's: a picture without a kept one cannot have it repainted.
    expect(changesScene(instruction)).toBe(true);
  });

  it.each([
    ["darker background", "a darker background"],
    ["make the background a little darker", "a darker background"],
    ["brighten the backdrop", "a brighter background"],
    ["blur the background more", "blur the background more"],
    ["more bokeh", "blur the background more"],
    ["less blur", "blur the background less"],
    ["a sharper background", "blur the background less"],
    ["remove the shadow", "remove the shadow"],
    ["no shadow", "remove the shadow"],
    ["a softer shadow", "a softer shadow"],
    ["add a shadow back", "add the shadow"],
    ["warmer", "warmer"],
    ["cooler tones", "cooler"],
    ["less warm", "cooler"],
    ["a little less cold", "warmer"],
    ["less dark", "brighter"],
    ["black and white", "black and white"],
    ["B&W please", "black and white"],
    ["back in colour", "back in colour"],
    ["vintage look", "sepia"],
    ["brighter", "brighter"],
    ["a bit darker", "darker"],
    ["more vivid", "more saturated"],
    ["muted colours", "less saturated"],
    ["higher contrast", "more contrast"],
    ["lower the contrast", "less contrast"],
  ])("reads %j as a look: %s", (prompt, name) => {
    const { changes, sceneText } = readEdit(prompt);
    expect(changes.map((change) => change.name)).toEqual([name]);
    expect(sceneText).toBe("");
  });

  it("splits look words from scene words", () => {
    const instruction = readEdit("warmer, and put it on a wooden table at sunset");
    expect(instruction.changes.map((change) => change.name)).toEqual(["warmer"]);
    expect(instruction.sceneText).toBe(", and put it on a wooden table at sunset");
  });

  it("skips negated words", () => {
    expect(readEdit("not too dark, but warmer").changes.map((c) => c.name)).toEqual(["warmer"]);
  });
});

describe("applyLook", () => {
  it("sets each class of look, step by step and within bounds", () => {
    expect(lookAfter("darker background").backgroundGain).toBeLessThan(1);
    expect(lookAfter("brighter background").backgroundGain).toBeGreaterThan(1);
    expect(lookAfter("blur the background more", "more blur").blur).toBe(2);
    expect(lookAfter("blur the background more", "less blur").blur).toBe(0);
    expect(lookAfter("remove the shadow").shadow).toBe(0);
    expect(lookAfter("remove the shadow", "add a shadow back").shadow).toBe(1);
    expect(lookAfter("warmer", "warmer").warmth).toBe(2);
    expect(lookAfter("cooler").warmth).toBe(-1);
    expect(lookAfter("black and white").monochrome).toBe("black and white");
    expect(lookAfter("black and white", "back in colour").monochrome).toBe("none");
    expect(lookAfter(...Array.from({ length: 9 }, () => "brighter")).exposure).toBe(3);
    expect(lookAfter(...Array.from({ length: 9 }, () => "darker background")).backgroundGain).toBe(
      0.35,
    );
  });

  it("lets the later of two opposite words win within one prompt", () => {
    expect(lookAfter("remove the shadow... no, add a shadow back").shadow).toBe(1);
    expect(lookAfter("add a shadow, then remove the shadow").shadow).toBe(0);
  });
});

describe("editRefusal", () => {
  it("refuses a prompt with no word it understands, whatever the image", () => {
    expect(editRefusal("add a dog wearing a hat", true)).toBe(M.editNotUnderstood);
    expect(editRefusal("remove the background", false)).toBe(M.editNotUnderstood);
    expect(M.editNotUnderstood).toContain("sunset");
  });

  it("refuses scene changes without a kept scene, and says why", () => {
    expect(editRefusal("make it sunset", false)).toBe(M.editNeedsOfflineScene);
    expect(editRefusal("remove the shadow", false)).toBe(M.editNeedsOfflineScene);
    expect(editRefusal("less blur", false)).toBe(M.editNeedsOfflineScene);
  });

  it.each(EDIT_TIPS)("understands the studio editor's tip %j", (tip) => {
    expect(editRefusal(tip, true)).toBeUndefined();
  });

  it("accepts looks on any image, and scene changes on a kept scene", () => {
    for (const prompt of [
      "warmer",
      "black and white",
      "darker background",
      "blur the background",
    ]) {
      expect(editRefusal(prompt, false)).toBeUndefined();
    }
    for (const prompt of ["make it sunset", "add a marble floor", "remove the shadow"]) {
      expect(editRefusal(prompt, true)).toBeUndefined();
    }
  });
});

describe("prop edits of a kept scene", () => {
  const kept = (prompt: string) => firstSceneState(prompt, 7, "fast");
  const propsAfter = (prompt: string, edit: string) =>
    planOf(stateAfter(kept(prompt), readEdit(edit))).props;
  const refusal = (prompt: string, edit: string) =>
    editRefusal(edit, true, kept(prompt) as unknown as Record<string, unknown>);

  it.each([
    ["on a wooden table", "add christmas lights", ["string lights"]],
    ["on a wooden table", "add a linen drape", ["drape"]],
    ["on a wooden table with a drape", "remove the drape", []],
    ["on a wooden table with palm shadows", "no palm shadows", []],
    ["on a wooden table with a drape", "don't add drapes", []],
    ["on a wooden table", "add shadows of palm leaves", ["palm shadows"]],
  ])("%s, then %j: %j", (prompt, edit, props) => {
    expect(refusal(prompt, edit)).toBeUndefined();
    expect(propsAfter(prompt, edit)).toEqual(props);
  });

  it.each([
    ["on a wooden table", "remove the drape"],
    ["on a wooden table", "no plants"],
    ["on a wooden table with christmas lights", "add christmas lights"],
    ["white background", "add christmas lights"],
  ])("refuses %s, then %j: it would change nothing", (prompt, edit) => {
    expect(refusal(prompt, edit)).toBe(M.editChangesNothing);
  });

  it("refuses lemons, which would look drawn beside the photograph, before any charge", () => {
    expect(refusal("on a wooden table", "add lemons")).toBe(M.editNotUnderstood);
  });

  it("keeps a prop's phrase from the look words", () => {
    expect(readEdit("add shadows of palm leaves").changes).toEqual([]);
    expect(readEdit("no plants").sceneText).toBe("no plants");
  });

  it("keeps the props a generation drew; a scene kept before props loads with none", () => {
    expect(kept("on a table with a drape").props).toEqual(["drape"]);
    const older = {
      version: 1,
      prompt: "on a table with a drape",
      seed: 7,
      quality: "fast",
      revisions: [],
      look: {},
    };
    const state = readSceneState(older);
    expect(state?.props).toEqual([]);
    if (!state) return;
    // It renders as it was made, without the drape it could not draw then, and still edits.
    expect(planOf(state).props).toEqual([]);
    expect(planOf(state).words).not.toContain("drape");
    expect(planOf(stateAfter(state, readEdit("add a drape"))).props).toEqual(["drape"]);
    expect(readSceneState({ ...older, props: ["drape", "unicorns"] })?.props).toEqual(["drape"]);
  });
});
