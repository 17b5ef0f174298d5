import { GENERATION_DEFAULTS } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import type { GenerateInput } from "../image-engine.ts";
import { generateCall } from "./fal-endpoints.ts";

const input: GenerateInput = {
  image: { bytes: Buffer.alloc(0), contentType: "image/png", width: 600, height: 400 },
  prompt: "on a marble counter",
  options: { ...GENERATION_DEFAULTS },
  method: "realtime",
  seed: 42,
};

describe("generateCall", () => {
  it("leaves image_size out for the upload's own aspect, so the output follows the input", () => {
    expect(generateCall("https://fal.test/a.png", input).input).not.toHaveProperty("image_size");
    const original = generateCall("https://fal.test/a.png", { ...input, aspect: "original" });
    expect(original.input).not.toHaveProperty("image_size");
  });

  it("asks IC-Light for the output size of another aspect", () => {
    for (const [aspect, size] of [
      ["1:1", { width: 1024, height: 1024 }],
      ["9:16", { width: 576, height: 1024 }],
      ["16:9", { width: 1024, height: 576 }],
    ] as const) {
      const call = generateCall("https://fal.test/a.png", { ...input, aspect });
      expect(call.input.image_size).toEqual(size);
    }
  });
});
