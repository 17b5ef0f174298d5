/** A seeded generator (mulberry32): the same seed draws the same numbers on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number rounded to two decimals, so the drawn SVG text is the same everywhere. */
export function fixed(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}
