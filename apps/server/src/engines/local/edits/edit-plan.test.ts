import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { EDIT_TIPS } from "../../../../../web/src/features/editor/edit-tips.ts";
import { editRefusal } from "./edit-check.ts";
import { NEUTRAL_LOOK } from "./edit-look.ts";
import { applyLook, changesScene, readEdit } from "./edit-plan.ts";

const lookAfter = (...prompts: string[]) =>
  prompts.reduce((look, prompt) => applyLook(look, readEdit(prompt)), NEUTRAL_LOOK);

describe("readEdit", () => {
  it.each([
    ["make it sunset", "make it sunset"],
    ["add a marble floor", "add a marble floor"],
    ["move it to a forest at night", "move it to a forest at night"],
    ["make the background blue", "make the background blue"],
  ])("leaves the scene words of %j for the scene plan", (prompt, sceneText) => {
    const instruction = readEdit(prompt);
    expect(instruction).toEqual({ changes: [], sceneText });
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
