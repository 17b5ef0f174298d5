import { ASPECT_PRESETS, type Aspect, outputSize, pictureSize } from "@backdrop/shared";
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

/**
 * What a generation at `aspect` makes of `photo`, priced as the server charges it (before it
 * reads the prompt, at the size the aspect gives). A `marketplace` request (a white background,
 * as the scene preview reads the prompt) left at the photo's own size is made square, as the
 * server makes it, at no higher price.
 */
export function outputOf(
  photo: ImageSize | null,
  aspect: Aspect,
  marketplace = false,
): Output | null {
  if (!photo) return null;
  const charged = outputSize(photo.width, photo.height, aspect);
  const size = pictureSize(photo.width, photo.height, aspect, marketplace);
  return { ...size, cost: generationCost(charged.width, charged.height) };
}

function shapeOf(aspect: Exclude<Aspect, "original">): ImageSize {
  const [width, height] = aspect.split(":").map(Number) as [number, number];
  return { width, height };
}

/** The photo's own size: its shape, or for a white background the square marketplaces ask. */
function originalChoice(photo: ImageSize | null, marketplace: boolean): SizeChoice {
  const output = outputOf(photo, "original", marketplace);
  if (marketplace) {
    return {
      aspect: "original",
      name: "Original size, made square",
      use: "A white background is made square, as marketplaces ask",
      ratio: "1:1",
      shape: shapeOf("1:1"),
      output,
    };
  }
  return {
    aspect: "original",
    name: "Original size",
    use: "Same shape as your photo",
    ratio: null,
    shape: photo,
    output,
  };
}

/**
 * The photo's own size first, then every preset, each with what it makes of `photo`;
 * `marketplace` when the prompt asks for a white background (see outputOf).
 */
export function sizeChoices(photo: ImageSize | null, marketplace = false): SizeChoice[] {
  return [
    originalChoice(photo, marketplace),
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
