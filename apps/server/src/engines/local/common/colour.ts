import { clamp } from "./clamp.ts";

/** The engine's colour module: sRGB colours, their mixes, tone moves and conversions. */

/** An sRGB colour, each channel 0..255. */
export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];

export function hex(value: string): Rgb {
  const n = Number.parseInt(value.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  const channel = (c: number) =>
    Math.round(clamp(c, 0, 255))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** `a` moved toward `b` by `amount` (0 keeps a, 1 gives b). */
export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [
    a[0] + (b[0] - a[0]) * amount,
    a[1] + (b[1] - a[1]) * amount,
    a[2] + (b[2] - a[2]) * amount,
  ];
}

export function scale([r, g, b]: Rgb, factor: number): Rgb {
  return [r * factor, g * factor, b * factor];
}

/** Relative brightness 0..255 of three channels (Rec. 601 weights, good enough for tinting). */
export function lumaOf(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Relative brightness 0..255 (Rec. 601 weights, good enough for tinting). */
export function luma([r, g, b]: Rgb): number {
  return lumaOf(r, g, b);
}

/** An sRGB channel 0..255 in linear light, 0..1. */
export function srgbToLinear(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Linear light 0..1 back to an sRGB channel 0..255 (not clamped above). */
export function linearToSrgb(c: number): number {
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * Math.max(0, c) ** (1 / 2.4) - 0.055);
}

/* Colour moves for the tone words; all keep channels within 0..255. */

/** Pushes a colour away from (factor > 1) or toward (factor < 1) its own grey. */
export function saturate(colour: Rgb, factor: number): Rgb {
  const grey = luma(colour);
  return [
    clamp(grey + (colour[0] - grey) * factor, 0, 255),
    clamp(grey + (colour[1] - grey) * factor, 0, 255),
    clamp(grey + (colour[2] - grey) * factor, 0, 255),
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

/** Hue in degrees of an sRGB colour (0 for greys). */
export function hue([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Degrees between two hues, the short way round. */
export const hueDistance = (a: number, b: number) =>
  Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
