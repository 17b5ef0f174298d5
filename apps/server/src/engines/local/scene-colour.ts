import { luma, mix, type Rgb } from "./color.ts";

/** Colour moves for the tone words; all keep channels within 0..255. */

const clamp = (value: number) => Math.min(255, Math.max(0, value));

/** Pushes a colour away from (factor > 1) or toward (factor < 1) its own grey. */
export function saturate(colour: Rgb, factor: number): Rgb {
  const grey = luma(colour);
  return [
    clamp(grey + (colour[0] - grey) * factor),
    clamp(grey + (colour[1] - grey) * factor),
    clamp(grey + (colour[2] - grey) * factor),
  ];
}

export const pastel = (colour: Rgb): Rgb => saturate(mix(colour, [250, 248, 245], 0.55), 0.85);
export const darken = (colour: Rgb, factor = 0.38): Rgb => [
  colour[0] * factor,
  colour[1] * factor,
  colour[2] * factor,
];
export const vibrant = (colour: Rgb): Rgb => saturate(colour, 1.6);
export const muted = (colour: Rgb): Rgb => saturate(colour, 0.55);

/** A colour's saturation: 0 for greys, up to 1. */
export function chroma([r, g, b]: Rgb): number {
  const high = Math.max(r, g, b);
  return high === 0 ? 0 : (high - Math.min(r, g, b)) / high;
}
