import { describe, expect, it } from "vitest";
import {
  ASPECT_PRESETS,
  ASPECTS,
  type Aspect,
  DEFAULT_ASPECT,
  marketplaceSquare,
  outputSize,
  pictureSize,
} from "./aspect.ts";
import { ZProcessRequest } from "./generation.schema.ts";

const RATIOS = ASPECTS.filter((aspect) => aspect !== "original");

describe("outputSize", () => {
  it("keeps the upload's own size for original, the default", () => {
    expect(DEFAULT_ASPECT).toBe("original");
    expect(outputSize(600, 400, "original")).toEqual({ width: 600, height: 400 });
    expect(outputSize(12, 3000, "original")).toEqual({ width: 12, height: 3000 });
  });

  it("keeps the upload's long side on the ratio's long side, the other side by the ratio", () => {
    expect(outputSize(1600, 1200, "1:1")).toEqual({ width: 1600, height: 1600 });
    expect(outputSize(1600, 1200, "16:9")).toEqual({ width: 1600, height: 900 });
    expect(outputSize(1600, 1200, "4:3")).toEqual({ width: 1600, height: 1200 });
    // A portrait ratio's long side is its height, whichever way the upload lies.
    expect(outputSize(1600, 1200, "9:16")).toEqual({ width: 900, height: 1600 });
    expect(outputSize(1600, 1200, "4:5")).toEqual({ width: 1280, height: 1600 });
    expect(outputSize(1200, 1600, "3:4")).toEqual({ width: 1200, height: 1600 });
  });

  it("lifts small uploads to 1024 px on the long side and keeps large ones within 2048", () => {
    expect(outputSize(600, 400, "1:1")).toEqual({ width: 1024, height: 1024 });
    expect(outputSize(600, 400, "9:16")).toEqual({ width: 576, height: 1024 });
    expect(outputSize(2048, 2048, "16:9")).toEqual({ width: 2048, height: 1152 });
    expect(outputSize(4000, 100, "4:5")).toEqual({ width: 1638, height: 2048 });
  });

  it("gives whole sides of at least 1 px at the ratio, for every ratio and upload", () => {
    for (const aspect of RATIOS) {
      const [across, down] = aspect.split(":").map(Number) as [number, number];
      for (const [w, h] of [
        [1, 1],
        [451, 300],
        [1023, 1025],
        [2048, 1],
        [1500, 2000],
      ] as const) {
        const { width, height } = outputSize(w, h, aspect);
        expect(Number.isInteger(width) && Number.isInteger(height)).toBe(true);
        expect(Math.min(width, height)).toBeGreaterThanOrEqual(1);
        expect(Math.max(width, height)).toBe(Math.min(2048, Math.max(1024, w, h)));
        // Rounding the short side moves the ratio by at most half a pixel.
        expect(Math.abs(width * down - height * across)).toBeLessThanOrEqual(
          Math.max(across, down) / 2,
        );
      }
    }
  });
});

describe("ASPECT_PRESETS", () => {
  it("names every ratio once, for the seller, with what it is for", () => {
    expect(ASPECT_PRESETS.map((preset) => preset.aspect).sort()).toEqual([...RATIOS].sort());
    for (const { name, use } of ASPECT_PRESETS) {
      expect(name.length).toBeGreaterThan(2);
      expect(use.length).toBeGreaterThan(2);
    }
    expect(ASPECT_PRESETS.find((preset) => preset.aspect === "1:1")).toMatchObject({
      name: "Square",
      use: "Marketplace listing",
    });
  });
});

describe("ZProcessRequest's aspect", () => {
  const request = {
    prompt: "on a marble counter",
    imageUrl: "https://example.test/api/files/a.png",
    savedRecordId: "record",
    userUid: "user",
  };

  it("is original when left out, and takes every ratio", () => {
    expect(ZProcessRequest.parse(request).aspect).toBe("original");
    for (const aspect of ASPECTS) {
      expect(ZProcessRequest.parse({ ...request, aspect }).aspect).toBe<Aspect>(aspect);
    }
  });

  it("refuses anything else with one sentence listing the choices", () => {
    for (const aspect of ["2:3", "16:10", "square", 1, null]) {
      const parsed = ZProcessRequest.safeParse({ ...request, aspect });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "aspect must be original, 1:1, 4:5, 3:4, 4:3, 9:16 or 16:9",
      );
    }
    // The sentence lists ASPECTS in their order.
    expect(`${ASPECTS.slice(0, -1).join(", ")} or ${ASPECTS.at(-1)}`).toBe(
      "original, 1:1, 4:5, 3:4, 4:3, 9:16 or 16:9",
    );
  });
});

describe("pictureSize", () => {
  it("makes a white request at the photo's own size square, and keeps any chosen ratio", () => {
    expect(pictureSize(600, 400, "original", true)).toEqual({ width: 600, height: 600 });
    expect(pictureSize(600, 400, "original", true)).toEqual(marketplaceSquare(600, 400));
    expect(pictureSize(600, 400, "original", false)).toEqual({ width: 600, height: 400 });
    for (const aspect of ASPECTS.filter((a) => a !== "original")) {
      expect(pictureSize(600, 400, aspect, true)).toEqual(outputSize(600, 400, aspect));
    }
  });
});
