import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path.ts";

describe("safeNextPath", () => {
  it.each([
    ["/gallery", "/gallery"],
    ["/pricing?plan=pro#top-up", "/pricing?plan=pro#top-up"],
    ["/a/../gallery", "/gallery"],
  ])("keeps the site's own path %s", (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    null,
    "",
    "gallery",
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
  ])("refuses %j", (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});
