import { describe, expect, it } from "vitest";
import { promptNameSlug } from "./download-names.ts";

describe("promptNameSlug", () => {
  it("keeps whole words, lower case, without accents, joined by hyphens", () => {
    expect(promptNameSlug("Crème brûlée on a Marble counter!")).toBe(
      "creme-brulee-on-a-marble-counter",
    );
    expect(promptNameSlug("one two three", 8)).toBe("one-two");
  });

  it("cuts a first word longer than the limit, and names nothing without words", () => {
    expect(promptNameSlug("supercalifragilistic", 5)).toBe("super");
    expect(promptNameSlug("  !!  ")).toBe("");
  });
});
