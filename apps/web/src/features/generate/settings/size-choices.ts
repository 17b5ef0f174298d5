import { ASPECT_PRESETS, type Aspect, outputSize } from "@backdrop/shared";
import type { ImageSize } from "../photo/image-checks.ts";
import { generationCost } from "./token-cost.ts";

/** The picture a generation makes: its size in pixels and its price in tokens. */
export type Output = ImageSize & { cost: number };

/** One choice of the studio's size picker. */
export type SizeChoice = {
  aspect: Aspect;
  name: string;
  /** What a seller uses it for. */
  use: string;
  /** "1:1"…; null for the photo's own proportions. */
  ratio: string | null;
  /** The proportions its glyph is drawn at; null for the photo's own before a photo is picked. */
  shape: ImageSize | null;
  /** What it makes of the picked photo; null before a photo is picked. */
  output: Output | null;
};

/** What a generation at `aspect` makes of `photo`, priced as the server charges it. */
export function outputOf(photo: ImageSize | null, aspect: Aspect): Output | null {
  if (!photo) return null;
  const size = outputSize(photo.width, photo.height, aspect);
  return { ...size, cost: generationCost(size.width, size.height) };
}

function shapeOf(aspect: Exclude<Aspect, "original">): ImageSize {
  const [width, height] = aspect.split(":").map(Number) as [number, number];
  return { width, height };
}

/** The photo's own size first, then every preset, each with what it makes of `photo`. */
export function sizeChoices(photo: ImageSize | null): SizeChoice[] {
  return [
    {
      aspect: "original",
      name: "Original size",
      use: "Same shape as your photo",
      ratio: null,
      shape: photo,
      output: outputOf(photo, "original"),
    },
    ...ASPECT_PRESETS.map(({ aspect, name, use }) => ({
      aspect,
      name,
      use,
      ratio: aspect,
      shape: shapeOf(aspect),
      output: outputOf(photo, aspect),
    })),
  ];
}
