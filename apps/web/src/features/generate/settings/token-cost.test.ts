import { describe, expect, it } from "vitest";
import { generationCost } from "./token-cost.ts";

describe("generationCost", () => {
  it.each([
    [512, 512, 8],
    [1024, 1024, 16],
    [1920, 1080, 24],
    [2048, 1152, 24],
    [2048, 2048, 40],
  ])("%ix%i costs %i tokens", (width, height, tokens) => {
    expect(generationCost(width, height)).toBe(tokens);
  });
});
