import { GENERATION_DEFAULTS } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import type { GenerateInput } from "../image-engine.ts";
import {
  DEFAULT_FAL_ENDPOINTS,
  editResolution,
  falEndpoints,
  generateCall,
} from "./fal-endpoints.ts";

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

describe("the models called", () => {
  it("are the defaults unless a variable names another, one call at a time", () => {
    const none = { generate: null, edit: null, upscale: null };
    expect(falEndpoints(none)).toEqual(DEFAULT_FAL_ENDPOINTS);
    expect(falEndpoints({ ...none, edit: "fal-ai/nano-banana-pro/edit" })).toEqual({
      ...DEFAULT_FAL_ENDPOINTS,
      edit: "fal-ai/nano-banana-pro/edit",
    });
    expect(DEFAULT_FAL_ENDPOINTS.edit).toBe("fal-ai/nano-banana-2/edit");
  });
});

describe("editResolution", () => {
  const sized = (width: number, height: number) => ({ ...input.image, width, height });
  it("asks for the smallest resolution that keeps the long side", () => {
    expect(editResolution(sized(400, 300))).toBe("0.5K");
    expect(editResolution(sized(512, 512))).toBe("0.5K");
    expect(editResolution(sized(600, 1024))).toBe("1K");
    expect(editResolution(sized(1536, 1024))).toBe("2K");
    expect(editResolution(sized(4096, 2048))).toBe("4K");
  });
});
