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

  it("says a light-matched product's colours were adjusted, its figure in the details only", () => {
    const words = fidelityWords(
      { ...measured, withinDeltaE2: 0.642, kept: "light-matched" },
      "generated",
    );
    expect(words.headline).toBe("Colours adjusted to the scene's light");
    expect(words.headline).not.toMatch(/ΔE/);
    expect(words.note).toMatch(/64\.2% of pixels within ΔE 2/);
    expect(words.unchanged).toBe(false);
  });

  it("keeps the figure in the headline of an unchanged or kept product", () => {
    const unchanged = fidelityWords({ ...measured, kept: "light-matched" }, "generated");
    expect(unchanged.headline).toBe("Product unchanged — 99.5% of pixels within ΔE 2");
    const kept = fidelityWords({ ...measured, withinDeltaE2: 0.97, kept: "original" }, "generated");
    expect(kept.headline).toBe("Product kept — 97.0% of pixels within ΔE 2");
  });

  it("calls a kept product whose figure fell short kept, not unchanged", () => {
    const words = fidelityWords({ ...measured, withinDeltaE2: 0.97, kept: "original" }, "upscaled");
    expect(words).toMatchObject({ title: "Product kept", unchanged: false, note: null });
  });
});
