/** The brush's size choices, in photo pixels, for a photo whose longer side is `longSide`. */
export function brushSizeRange(longSide: number) {
  const max = Math.max(16, Math.round(longSide / 5));
  return { min: 2, max, initial: Math.max(4, Math.round(longSide / 25)) };
}

/** What the pointer does on the canvas. */
export type Tool = "keep" | "erase" | "remove";

/** What shows where the subject is removed. */
export type Backdrop = { kind: "checkerboard" } | { kind: "colour"; colour: string };

export const CHECKERBOARD =
  "bg-[conic-gradient(var(--color-sunken)_25%,white_0_50%,var(--color-sunken)_0_75%,white_0)] bg-[length:20px_20px]";
