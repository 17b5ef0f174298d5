import { describe, expect, it } from "vitest";
import { appPath, thumbnailUrl } from "./image-urls.ts";

describe("image URLs", () => {
  it("serves the app's own file URLs from the page's origin, with a thumbnail beside them", () => {
    expect(appPath("http://localhost:3000/api/files/a.png")).toBe("/api/files/a.png");
    expect(appPath("https://cdn.example/photo.png")).toBe("https://cdn.example/photo.png");
    expect(thumbnailUrl("/api/files/a.png")).toBe("/api/files/a.png?size=thumb");
    expect(thumbnailUrl("/api/files/a.png?v=2")).toBe("/api/files/a.png?v=2&size=thumb");
  });
});
