import { differenceCiede2000, type Lab65 } from "culori";
import { srgbToLinear } from "../common/index.ts";

/** Each 8-bit sRGB channel in linear light, looked up rather than computed per pixel. */
const LINEAR = Float64Array.from({ length: 256 }, (_, value) => srgbToLinear(value));

/** D65 white in XYZ, as sRGB's matrix gives it. */
const WHITE_X = 0.95047;
const WHITE_Z = 1.08883;

function labCurve(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116;
}

/** CIELAB (D65) of an sRGB colour, written into `out` at `at` as L, a, b. */
export function labOf(r: number, g: number, b: number, out: Float64Array, at = 0): void {
  const lr = LINEAR[r] ?? 0;
  const lg = LINEAR[g] ?? 0;
  const lb = LINEAR[b] ?? 0;
  const x = labCurve((0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / WHITE_X);
  const y = labCurve(0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb);
  const z = labCurve((0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / WHITE_Z);
  out[at] = 116 * y - 16;
  out[at + 1] = 500 * (x - y);
  out[at + 2] = 200 * (y - z);
}

const ciede2000 = differenceCiede2000();
const one: Lab65 = { mode: "lab65", l: 0, a: 0, b: 0 };
const two: Lab65 = { mode: "lab65", l: 0, a: 0, b: 0 };

/**
 * CIEDE2000 colour difference between two CIELAB (D65) colours, kL = kC = kH = 1: about 1 is
 * the smallest difference a trained eye sees side by side, 2 what most people notice. Two
 * colour objects are reused, so a million pixels allocate nothing.
 */
export function deltaE2000(
  l1: number,
  a1: number,
  b1: number,
  l2: number,
  a2: number,
  b2: number,
): number {
  one.l = l1;
  one.a = a1;
  one.b = b1;
  two.l = l2;
  two.a = a2;
  two.b = b2;
  return ciede2000(one, two);
}
