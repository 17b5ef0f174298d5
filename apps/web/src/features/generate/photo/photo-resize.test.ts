import { describe, expect, it } from "vitest";
import { fitWithin, renamed, shrink } from "./photo-resize.ts";

describe("fitWithin", () => {
  it("scales a landscape phone photo to 2048 across, keeping its proportions", () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
  });

  it("scales a portrait photo to 2048 high", () => {
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
  });

  it("scales by the side furthest over the limit", () => {
    expect(fitWithin({ width: 5000, height: 2500 })).toEqual({ width: 2048, height: 1024 });
    expect(fitWithin({ width: 2100, height: 8 })).toEqual({ width: 2048, height: 8 });
  });

  it("never enlarges a photo within the limits", () => {
    expect(fitWithin({ width: 2048, height: 2048 })).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin({ width: 640, height: 427 })).toEqual({ width: 640, height: 427 });
  });

  it("keeps a very thin photo at least 1 px thick", () => {
    expect(fitWithin({ width: 100_000, height: 3 })).toEqual({ width: 2048, height: 1 });
  });

  it("fits any limits given", () => {
    expect(fitWithin({ width: 1000, height: 500 }, { width: 300, height: 300 })).toEqual({
      width: 300,
      height: 150,
    });
  });
});

describe("shrink", () => {
  it("takes each side down by the same share, and always down", () => {
    expect(shrink({ width: 2048, height: 1536 })).toEqual({ width: 1740, height: 1305 });
    const small = shrink({ width: 2, height: 2 });
    expect(small.width).toBeLessThanOrEqual(2);
    expect(small.width).toBeGreaterThanOrEqual(1);
  });
});

describe("renamed", () => {
  it("keeps the photo's own name, changing the extension only when the bytes change", () => {
    expect(renamed("red-bottle-sku-1042.jpg", "jpg")).toBe("red-bottle-sku-1042.jpg");
    expect(renamed("IMG_0001.JPEG", "jpg")).toBe("IMG_0001.JPEG");
    expect(renamed("IMG_0001.HEIC", "jpg")).toBe("IMG_0001.jpg");
    expect(renamed("logo.png", "png")).toBe("logo.png");
    expect(renamed("scan.png", "jpg")).toBe("scan.jpg");
    expect(renamed("no-extension", "jpg")).toBe("no-extension.jpg");
  });
});
