import { describe, expect, it } from "vitest";
import { planEdits } from "./edit-plan.ts";

describe("planEdits", () => {
  it.each([
    ["make it black and white", ["grayscale"]],
    ["B&W please", ["grayscale"]],
    ["grayscale", ["grayscale"]],
    ["brighter", ["brighter"]],
    ["a bit darker", ["darker"]],
    ["warmer tones", ["warmer"]],
    ["cooler", ["cooler"]],
    ["more vivid", ["more-saturated"]],
    ["muted colours", ["less-saturated"]],
    ["less saturated", ["less-saturated"]],
    ["sharpen it", ["sharpen"]],
    ["blur the background", ["blur-background"]],
    ["vintage look", ["sepia"]],
    ["higher contrast", ["more-contrast"]],
    ["lower the contrast", ["less-contrast"]],
    ["remove the background", ["remove-background"]],
  ])("reads %j", (prompt, ops) => {
    expect(planEdits(prompt)).toEqual(ops);
  });

  it("combines several words, in a fixed order", () => {
    expect(planEdits("warmer, brighter and sharper")).toEqual(["sharpen", "brighter", "warmer"]);
    expect(planEdits("blur the background and make it vivid")).toEqual([
      "blur-background",
      "more-saturated",
    ]);
  });

  it("lets the later of two opposite words win", () => {
    expect(planEdits("darker, no wait, brighter")).toEqual(["brighter"]);
    expect(planEdits("warm then cool")).toEqual(["cooler"]);
  });

  it("does not count a word inside its opposite", () => {
    expect(planEdits("less bright")).toEqual(["darker"]);
    expect(planEdits("desaturate")).toEqual(["less-saturated"]);
  });

  it("skips negated words", () => {
    expect(planEdits("brighter but not too warm")).toEqual(["brighter"]);
  });

  it("drops colour changes a black and white or sepia result would lose", () => {
    expect(planEdits("black and white, warmer and more vivid")).toEqual(["grayscale"]);
    expect(planEdits("sepia, black and white")).toEqual(["sepia"]);
  });

  it("falls back to a gentle auto-enhance", () => {
    expect(planEdits("make it look nice")).toEqual(["auto-enhance"]);
    expect(planEdits("")).toEqual(["auto-enhance"]);
  });
});
