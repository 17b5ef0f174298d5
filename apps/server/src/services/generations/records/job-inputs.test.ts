import { GENERATION_DEFAULTS, UPSCALE_DEFAULTS } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { jobInput } from "./job-inputs.ts";

describe("job inputs", () => {
  it("reads each kind's input, with the options' defaults filled in", () => {
    // A generation stored before the shadow and the size were choices draws the natural
    // shadow at the upload's size.
    expect(jobInput("generate", { prompt: "on marble", method: "queue", seed: 7 })).toEqual({
      prompt: "on marble",
      method: "queue",
      seed: 7,
      options: GENERATION_DEFAULTS,
      shadow: "natural",
      aspect: "original",
      variations: 1,
      relight: false,
    });
    expect(
      jobInput("generate", { prompt: "on marble", method: "queue", seed: 7, shadow: "soft" }),
    ).toMatchObject({ shadow: "soft" });
    expect(jobInput("upscale", {})).toEqual({ options: UPSCALE_DEFAULTS });
    expect(jobInput("cutout", {})).toEqual({});
    expect(jobInput("edit", { prompt: "warmer", extra: 1 })).toEqual({ prompt: "warmer" });
  });

  it("refuses an input that does not fit its kind", () => {
    expect(() => jobInput("generate", { prompt: "x", method: "fast", seed: 1 })).toThrow();
    expect(() => jobInput("generate", { prompt: "x", method: "queue", seed: 1.5 })).toThrow();
    expect(() =>
      jobInput("generate", { prompt: "x", method: "queue", seed: 1, shadow: "harsh" }),
    ).toThrow();
    expect(() =>
      jobInput("generate", { prompt: "x", method: "queue", seed: 1, aspect: "2:1" }),
    ).toThrow();
    expect(() => jobInput("edit", { options: {} })).toThrow();
    expect(() => jobInput("upscale", { options: { upscale_factor: 4 } })).toThrow();
  });
});
