import { describe, expect, it } from "vitest";
import { wantsWhiteBackground } from "./white-prompt.ts";

describe("wantsWhiteBackground", () => {
  it("knows a marketplace white from a scene", () => {
    expect(wantsWhiteBackground("pure white background")).toBe(true);
    expect(wantsWhiteBackground("on white, for an Amazon main image")).toBe(true);
    expect(wantsWhiteBackground("on a marble counter, morning light")).toBe(false);
    expect(wantsWhiteBackground("on a sandy beach at sunset")).toBe(false);
  });
});
