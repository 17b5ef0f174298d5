import { generationCost } from "./plans.ts";

/**
 * The output's proportions: `original` keeps the upload's own size; a ratio `w:h` is width to
 * height, so its long side is the width when w > h (16:9, 4:3), the height when w < h (9:16,
 * 4:5, 3:4), and both for 1:1.
 */
export const ASPECTS = ["original", "1:1", "4:5", "3:4", "4:3", "9:16", "16:9"] as const;
export type Aspect = (typeof ASPECTS)[number];
export const DEFAULT_ASPECT: Aspect = "original";

/**
 * A chosen ratio's long side is the upload's long side, kept within these bounds: small uploads
 * still give a picture a marketplace takes, and none exceeds what an upload may be.
 */
export const OUTPUT_LONG_SIDE = Object.freeze({ min: 1024, max: 2048 });

export type OutputSize = { width: number; height: number };

/**
 * The size of the picture a generation makes from an upload of `width`×`height`: the upload's
 * own for `original`; otherwise the ratio's long side is the upload's long side (clamped to
 * OUTPUT_LONG_SIDE) and its other side follows the ratio, rounded. Both are whole and at least 1.
 */
export function outputSize(width: number, height: number, aspect: Aspect): OutputSize {
  if (aspect === "original") return { width, height };
  const [across, down] = aspect.split(":").map(Number) as [number, number];
  const long = Math.min(
    OUTPUT_LONG_SIDE.max,
    Math.max(OUTPUT_LONG_SIDE.min, Math.round(Math.max(width, height))),
  );
  const short = Math.max(1, Math.round((long * Math.min(across, down)) / Math.max(across, down)));
  return across >= down ? { width: long, height: short } : { width: short, height: long };
}

/**
 * The square a white (marketplace) request makes when the seller kept the photo's own size:
 * marketplaces want a square main image. Its side is the photo's long side when that square
 * costs what the photo's own size does (generationCost, charged before the prompt is read),
 * otherwise the largest square at that price, so the square is never charged more.
 */
export function marketplaceSquare(width: number, height: number): OutputSize {
  const price = generationCost(width, height);
  let side = Math.max(width, height);
  if (generationCost(side, side) > price) {
    side = Math.floor(Math.sqrt(width * height));
    while (generationCost(side + 1, side + 1) <= price) side++;
  }
  return { width: side, height: side };
}

/**
 * The size of the picture a generation makes of a `width`×`height` photo: outputSize, except
 * that a white (marketplace) request left at the photo's own size is square (marketplaceSquare).
 * The studio shows it before Generate; the engine makes it.
 */
export function pictureSize(
  width: number,
  height: number,
  aspect: Aspect,
  marketplace: boolean,
): OutputSize {
  return marketplace && aspect === "original"
    ? marketplaceSquare(width, height)
    : outputSize(width, height, aspect);
}

/** A ratio as the studio offers it: what a seller calls it and what it is for. */
export type AspectPreset = { aspect: Exclude<Aspect, "original">; name: string; use: string };

/** Every ratio but `original`, in the order the studio lists them. */
export const ASPECT_PRESETS: readonly AspectPreset[] = Object.freeze([
  { aspect: "1:1", name: "Square", use: "Marketplace listing" },
  { aspect: "4:5", name: "Portrait", use: "Social post" },
  { aspect: "3:4", name: "Tall", use: "Product page" },
  { aspect: "4:3", name: "Landscape", use: "Website photo" },
  { aspect: "9:16", name: "Story", use: "Stories and reels" },
  { aspect: "16:9", name: "Wide", use: "Landscape banner" },
]);
