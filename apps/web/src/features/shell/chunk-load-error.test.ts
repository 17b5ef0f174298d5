import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./chunk-load-error.ts";

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://backdrop.test/assets/pricing-page-x1.js",
    "error loading dynamically imported module: https://backdrop.test/assets/gallery-x2.js",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/gallery-x3.css",
  ])("recognises %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
