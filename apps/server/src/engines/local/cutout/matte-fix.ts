import { clamp } from "../common/index.ts";

/** Alpha at or above this counts as solid subject when looking for holes. */
const SOLID = 0.95;

/**
 * Marks the 4-connected region of non-solid pixels reachable from `start` in `seen` and lists
 * it in `region`; returns its size.
 */
function flood(
  alpha: Float32Array,
  width: number,
  start: number,
  seen: Uint8Array,
  stack: Int32Array,
  region: Int32Array | undefined,
): number {
  const n = alpha.length;
  let top = 0;
  let size = 0;
  stack[top++] = start;
  seen[start] = 1;
  while (top > 0) {
    const i = stack[--top] ?? 0;
    if (region) region[size] = i;
    size++;
    const x = i % width;
    if (x > 0 && !seen[i - 1] && (alpha[i - 1] ?? 1) < SOLID) {
      seen[i - 1] = 1;
      stack[top++] = i - 1;
    }
    if (x < width - 1 && !seen[i + 1] && (alpha[i + 1] ?? 1) < SOLID) {
      seen[i + 1] = 1;
      stack[top++] = i + 1;
    }
    if (i >= width && !seen[i - width] && (alpha[i - width] ?? 1) < SOLID) {
      seen[i - width] = 1;
      stack[top++] = i - width;
    }
    if (i + width < n && !seen[i + width] && (alpha[i + width] ?? 1) < SOLID) {
      seen[i + width] = 1;
      stack[top++] = i + width;
    }
  }
  return size;
}

/**
 * Fills holes in the matte: regions that are not solid subject, enclosed by it (they touch no
 * image border), and smaller than `maxShare` of the subject's area. The network punches such
 * holes into labels and highlights that resemble the background; a real opening, such as a
 * mug's handle, is larger and is kept. Works in place on 0..1 alpha; returns how many pixels
 * were filled.
 */
export function fillHoles(alpha: Float32Array, width: number, height: number, maxShare: number) {
  const n = alpha.length;
  let subject = 0;
  for (let i = 0; i < n; i++) if ((alpha[i] ?? 0) >= 0.5) subject++;
  const maxArea = subject * maxShare;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  // First everything connected to the border: that is the real background.
  for (let x = 0; x < width; x++) {
    for (const i of [x, (height - 1) * width + x]) {
      if (!seen[i] && (alpha[i] ?? 1) < SOLID) flood(alpha, width, i, seen, stack, undefined);
    }
  }
  for (let y = 0; y < height; y++) {
    for (const i of [y * width, y * width + width - 1]) {
      if (!seen[i] && (alpha[i] ?? 1) < SOLID) flood(alpha, width, i, seen, stack, undefined);
    }
  }
  const region = new Int32Array(n);
  let filled = 0;
  for (let start = 0; start < n; start++) {
    if (seen[start] || (alpha[start] ?? 1) >= SOLID) continue;
    const size = flood(alpha, width, start, seen, stack, region);
    if (size <= maxArea) {
      for (let k = 0; k < size; k++) alpha[region[k] ?? 0] = 1;
      filled += size;
    }
  }
  return filled;
}

/**
 * Colour decontamination of the matte's edge pixels, in place on interleaved RGB bytes. The
 * photo's edge pixel is I = αF + (1 − α)B; B is taken as the mean of the nearby clear
 * background (α < 0.1), and F solved from it. Where α is small the solve amplifies noise, so
 * F leans toward the mean of the nearby solid subject instead. Without this the old
 * background shows as a halo on the new scene. The local means come from blocks of `block`
 * pixels, 3×3 blocks around each edge pixel, which costs one pass over the image.
 */
export function decontaminate(
  rgb: Uint8Array,
  alpha: Float32Array,
  width: number,
  height: number,
  block: number,
): void {
  const n = alpha.length;
  const w = Math.ceil(width / block);
  const h = Math.ceil(height / block);
  // Per block: background count, r, g, b sums, then the same for the solid subject.
  const sums = new Float64Array(w * h * 8);
  for (let y = 0, i = 0; y < height; y++) {
    const row = ((y / block) | 0) * w;
    for (let x = 0; x < width; x++, i++) {
      const a = alpha[i] ?? 0;
      if (a >= 0.1 && a <= 0.9) continue;
      const j = (row + ((x / block) | 0)) * 8 + (a < 0.1 ? 0 : 4);
      sums[j] = (sums[j] ?? 0) + 1;
      sums[j + 1] = (sums[j + 1] ?? 0) + (rgb[i * 3] ?? 0);
      sums[j + 2] = (sums[j + 2] ?? 0) + (rgb[i * 3 + 1] ?? 0);
      sums[j + 3] = (sums[j + 3] ?? 0) + (rgb[i * 3 + 2] ?? 0);
    }
  }
  const around = new Float64Array(8);
  const gather = (bx: number, by: number) => {
    around.fill(0);
    for (let y = Math.max(0, by - 1); y <= Math.min(h - 1, by + 1); y++) {
      for (let x = Math.max(0, bx - 1); x <= Math.min(w - 1, bx + 1); x++) {
        for (let k = 0; k < 8; k++) around[k] = (around[k] ?? 0) + (sums[(y * w + x) * 8 + k] ?? 0);
      }
    }
  };
  let gathered = -1;
  for (let i = 0; i < n; i++) {
    const a = alpha[i] ?? 0;
    if (a <= 0.004 || a >= 0.996) continue;
    const x = i % width;
    const bx = (x / block) | 0;
    const by = ((i - x) / width / block) | 0;
    // Neighbouring edge pixels mostly share a block: gather its neighbourhood once.
    if (by * w + bx !== gathered) {
      gather(bx, by);
      gathered = by * w + bx;
    }
    const wb = around[0] ?? 0;
    if (wb <= 0) continue;
    const wf = around[4] ?? 0;
    // Trust the solve fully from α = 0.5 up; below, blend toward the local subject colour.
    const trust = wf > 0 ? Math.min(1, a * 2) : 1;
    for (let c = 0; c < 3; c++) {
      const observed = rgb[i * 3 + c] ?? 0;
      const background = (around[c + 1] ?? 0) / wb;
      const solved = clamp((observed - (1 - a) * background) / a, 0, 255);
      const local = wf > 0 ? (around[c + 5] ?? 0) / wf : solved;
      rgb[i * 3 + c] = Math.round(solved * trust + local * (1 - trust));
    }
  }
}
