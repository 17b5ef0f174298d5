import { describe, expect, it } from "vitest";
import { fidelityWords } from "./fidelity-words.ts";

const measured = { withinDeltaE2: 0.995, meanDeltaE: 0.3, differenceUrl: null };

describe("fidelityWords", () => {
  it("never rounds a share up to a whole product", () => {
    const words = fidelityWords(
      { ...measured, withinDeltaE2: 0.99996, kept: "original" },
      "generated",
    );
    expect(words).toMatchObject({
      title: "Product unchanged",
      figure: "99.9% of pixels within ΔE 2",
    });
  });

  it("says an edit about the product itself was not kept", () => {
    const words = fidelityWords({ ...measured, withinDeltaE2: 0.2, kept: "redrawn" }, "edited");
    expect(words.title).toBe("Product redrawn");
    expect(words.note).toMatch(/^This edit asked to change the product itself/);
  });

  it("calls a kept product whose figure fell short kept, not unchanged", () => {
    const words = fidelityWords({ ...measured, withinDeltaE2: 0.97, kept: "original" }, "upscaled");
    expect(words).toMatchObject({ title: "Product kept", unchanged: false, note: null });
  });
});
