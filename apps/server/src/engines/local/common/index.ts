/** Pixel basics every part of the engine may use: numbers, colour, randomness, decode/encode. */
export { clamp } from "./clamp.ts";
export {
  chroma,
  darken,
  hex,
  hue,
  hueDistance,
  linearToSrgb,
  luma,
  lumaOf,
  mix,
  muted,
  pastel,
  type Rgb,
  saturate,
  scale,
  srgbToLinear,
  toHex,
  vibrant,
  WHITE,
} from "./colour.ts";
export { decodeImage, fromRaw, type RawImage, type Rgba } from "./decode.ts";
export { encodeResult } from "./encode.ts";
export { edgesRunOff, type FrameEdges } from "./frame-edges.ts";
export { pasteSubject } from "./paste.ts";
export { hashString, seededRandom } from "./seeded-random.ts";
