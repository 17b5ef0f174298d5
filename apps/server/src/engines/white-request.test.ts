import { describe, expect, it } from "vitest";
import { createEngine } from "./create-engine.ts";

/**
 * Whether a prompt is a white (marketplace) request is read once per engine: the scene preview's
 * `marketplace` (which the studio's size picker and its "Exact product" switch both follow) and
 * the product kept exact by default when the seller did not say.
 */

const WHITE = [
  "pure white background, marketplace",
  "on white, for an Amazon main image",
  "amazon main image",
];
const SCENES = ["on a beach at sunset", "on a marble counter, morning light"];
const falEndpoints = { generate: null, edit: null, upscale: null };

describe("a white request, as the engines the server builds read it", () => {
  it("the local engine's preview says marketplace, and keeps the product exact by default, for a white prompt only", async () => {
    const engine = createEngine({ imageEngine: "local", falKey: null, falEndpoints });
    for (const prompt of WHITE) {
      expect((await engine.previewScene(prompt)).marketplace, prompt).toBe(true);
      expect(engine.exactByDefault?.(prompt), prompt).toBe(true);
    }
    for (const prompt of SCENES) {
      expect(await engine.previewScene(prompt), prompt).not.toHaveProperty("marketplace");
      expect(engine.exactByDefault?.(prompt), prompt).toBe(false);
    }
    await engine.close?.();
  });

  it("fal's preview says marketplace for the same prompts, which it hands to the local engine", async () => {
    const engine = createEngine({ imageEngine: "fal", falKey: "key", falEndpoints });
    for (const prompt of WHITE) {
      expect((await engine.previewScene(prompt)).marketplace, prompt).toBe(true);
    }
    for (const prompt of SCENES) {
      expect(await engine.previewScene(prompt), prompt).not.toHaveProperty("marketplace");
    }
    await engine.close?.();
  });
});
