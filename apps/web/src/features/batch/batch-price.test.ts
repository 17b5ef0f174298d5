import { describe, expect, it } from "vitest";
import { batchPrice, priceText } from "./batch-price.ts";

describe("batch price", () => {
  it("adds up each photo's price at the chosen size", () => {
    const photos = [
      { width: 600, height: 400 },
      { width: 1000, height: 1000 },
    ];
    expect(batchPrice(photos, "original")).toEqual({ photos: 2, total: 16, each: 8 });
    // 1024 × 1024 squares: just over a megapixel each
    expect(batchPrice(photos, "1:1")).toEqual({ photos: 2, total: 32, each: 16 });
    expect(batchPrice([...photos, { width: 2000, height: 1500 }], "original")).toEqual({
      photos: 3,
      total: 40,
      each: null,
    });
  });

  it("says it in words", () => {
    expect(priceText({ photos: 20, total: 160, each: 8 })).toBe(
      "20 photos × 8 tokens = 160 tokens",
    );
    expect(priceText({ photos: 3, total: 40, each: null })).toBe("3 photos = 40 tokens");
    expect(priceText({ photos: 1, total: 8, each: 8 })).toBe("1 photo × 8 tokens = 8 tokens");
  });
});
