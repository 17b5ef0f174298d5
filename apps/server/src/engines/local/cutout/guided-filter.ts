/**
 * Box means and the guided filter (He, Sun and Tang 2010) on float planes, O(pixels) whatever
 * the radius: running sums along rows, then a running column sum down the image, so both
 * passes read memory in order.
 */

/** Mean of `src` over the (2r+1)² window around each pixel, the window clipped at the edges. */
export function boxMean(
  src: Float32Array,
  width: number,
  height: number,
  r: number,
  out: Float32Array = new Float32Array(src.length),
): Float32Array {
  const rows = new Float32Array(src.length);
  const inverse = new Float32Array(Math.max(width, height));
  for (let x = 0; x < width; x++) {
    inverse[x] = 1 / (Math.min(width - 1, x + r) - Math.max(0, x - r) + 1);
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= r && x < width; x++) sum += src[row + x] ?? 0;
    for (let x = 0; x < width; x++) {
      rows[row + x] = sum * (inverse[x] ?? 0);
      if (x + r + 1 < width) sum += src[row + x + r + 1] ?? 0;
      if (x >= r) sum -= src[row + x - r] ?? 0;
    }
  }
  const columns = new Float64Array(width);
  for (let y = 0; y <= r && y < height; y++) {
    for (let x = 0; x < width; x++) columns[x] = (columns[x] ?? 0) + (rows[y * width + x] ?? 0);
  }
  for (let y = 0; y < height; y++) {
    const scale = 1 / (Math.min(height - 1, y + r) - Math.max(0, y - r) + 1);
    const row = y * width;
    const add = y + r + 1 < height ? (y + r + 1) * width : -1;
    const drop = y >= r ? (y - r) * width : -1;
    for (let x = 0; x < width; x++) out[row + x] = (columns[x] ?? 0) * scale;
    if (add >= 0)
      for (let x = 0; x < width; x++) columns[x] = (columns[x] ?? 0) + (rows[add + x] ?? 0);
    if (drop >= 0) {
      for (let x = 0; x < width; x++) columns[x] = (columns[x] ?? 0) - (rows[drop + x] ?? 0);
    }
  }
  return out;
}

/** Block means of a plane over s×s blocks (the last ones partial). */
export function shrink(src: Float32Array, width: number, height: number, s: number) {
  const w = Math.ceil(width / s);
  const h = Math.ceil(height / s);
  const sums = new Float32Array(w * h);
  const counts = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const target = ((y / s) | 0) * w;
    for (let x = 0; x < width; x++) {
      const j = target + ((x / s) | 0);
      sums[j] = (sums[j] ?? 0) + (src[y * width + x] ?? 0);
      counts[j] = (counts[j] ?? 0) + 1;
    }
  }
  for (let j = 0; j < sums.length; j++) sums[j] = (sums[j] ?? 0) / (counts[j] || 1);
  return { plane: sums, width: w, height: h };
}

/** A rectangle of pixels, right and bottom exclusive. */
export type Window = { left: number; top: number; right: number; bottom: number };

/**
 * Filters `input` so its edges follow the edges of `guide` (both 0..1): locally the output is
 * a linear function of the guide, so a blocky upsampled matte snaps to the photo's real
 * outline. A smaller eps follows the guide more closely. With `s` > 1 this is the fast guided
 * filter (He and Sun 2015): the coefficients are found on planes shrunk s times and applied
 * to the full-resolution guide, which keeps the guide's fine edges at a fraction of the cost.
 * Only the `only` window of the output is computed; the rest stays 0.
 */
export function guidedFilter(
  fullGuide: Float32Array,
  fullInput: Float32Array,
  fullWidth: number,
  fullHeight: number,
  fullR: number,
  eps: number,
  s = 1,
  only: Window = { left: 0, top: 0, right: fullWidth, bottom: fullHeight },
): Float32Array {
  const small = s > 1;
  const g = small ? shrink(fullGuide, fullWidth, fullHeight, s) : undefined;
  const p = small ? shrink(fullInput, fullWidth, fullHeight, s) : undefined;
  const guide = g?.plane ?? fullGuide;
  const input = p?.plane ?? fullInput;
  const width = g?.width ?? fullWidth;
  const height = g?.height ?? fullHeight;
  const r = Math.max(1, Math.round(fullR / s));
  const n = guide.length;
  const product = new Float32Array(n);
  const square = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const g = guide[i] ?? 0;
    product[i] = g * (input[i] ?? 0);
    square[i] = g * g;
  }
  const meanG = boxMean(guide, width, height, r);
  const meanP = boxMean(input, width, height, r);
  const meanGP = boxMean(product, width, height, r, product);
  const meanGG = boxMean(square, width, height, r, square);
  // Reuse the product and square planes for the coefficients a and b.
  const a = meanGP;
  const b = meanGG;
  for (let i = 0; i < n; i++) {
    const mg = meanG[i] ?? 0;
    const mp = meanP[i] ?? 0;
    const variance = (meanGG[i] ?? 0) - mg * mg;
    const coefficient = ((meanGP[i] ?? 0) - mg * mp) / (variance + eps);
    a[i] = coefficient;
    b[i] = mp - coefficient * mg;
  }
  const meanA = boxMean(a, width, height, r, meanG);
  const meanB = boxMean(b, width, height, r, meanP);
  const out = new Float32Array(fullGuide.length);
  if (!small) {
    for (let y = only.top; y < only.bottom; y++) {
      for (let i = y * fullWidth + only.left; i < y * fullWidth + only.right; i++) {
        out[i] = (meanA[i] ?? 0) * (fullGuide[i] ?? 0) + (meanB[i] ?? 0);
      }
    }
    return out;
  }
  // Bilinear weights of the shrunk grid, once per column of the window.
  const columns = only.right - only.left;
  const cx0 = new Int32Array(columns);
  const cx1 = new Int32Array(columns);
  const ctx = new Float32Array(columns);
  for (let k = 0; k < columns; k++) {
    const fx = Math.min(width - 1, Math.max(0, (only.left + k + 0.5) / s - 0.5));
    cx0[k] = fx | 0;
    cx1[k] = Math.min(width - 1, (fx | 0) + 1);
    ctx[k] = fx - (fx | 0);
  }
  for (let y = only.top; y < only.bottom; y++) {
    const fy = Math.min(height - 1, Math.max(0, (y + 0.5) / s - 0.5));
    const r0 = (fy | 0) * width;
    const r1 = Math.min(height - 1, (fy | 0) + 1) * width;
    const ty = fy - (fy | 0);
    for (let k = 0, i = y * fullWidth + only.left; k < columns; k++, i++) {
      const x0 = cx0[k] ?? 0;
      const x1 = cx1[k] ?? 0;
      const tx = ctx[k] ?? 0;
      const w00 = (1 - tx) * (1 - ty);
      const w01 = tx * (1 - ty);
      const w10 = (1 - tx) * ty;
      const w11 = tx * ty;
      const a =
        (meanA[r0 + x0] ?? 0) * w00 +
        (meanA[r0 + x1] ?? 0) * w01 +
        (meanA[r1 + x0] ?? 0) * w10 +
        (meanA[r1 + x1] ?? 0) * w11;
      const b =
        (meanB[r0 + x0] ?? 0) * w00 +
        (meanB[r0 + x1] ?? 0) * w01 +
        (meanB[r1 + x0] ?? 0) * w10 +
        (meanB[r1 + x1] ?? 0) * w11;
      out[i] = a * (fullGuide[i] ?? 0) + b;
    }
  }
  return out;
}

const TILE = 64;
const UNDECIDED = 0.05;

/**
 * The guided filter run only where it matters: on tiles near undecided pixels (UNDECIDED <
 * α < 1 − UNDECIDED), each with a margin wider than the filter's reach. Elsewhere the matte is
 * flat over the whole window, so the filter would return it (nearly) unchanged, and the faint
 * network noise left there falls under the threshold curve anyway. Along a product's outline
 * that is a tenth of a large photo or less.
 */
export function guidedFilterNearEdges(
  guide: Float32Array,
  input: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
  s = 1,
): Float32Array {
  const tilesX = Math.ceil(width / TILE);
  const tilesY = Math.ceil(height / TILE);
  const margin = Math.ceil((2 * r + 2) / s) * s;
  const reach = Math.ceil(margin / TILE);
  const undecided = new Uint8Array(tilesX * tilesY);
  for (let y = 0, i = 0; y < height; y++) {
    const row = ((y / TILE) | 0) * tilesX;
    for (let x = 0; x < width; x++, i++) {
      const a = input[i] ?? 0;
      if (a > UNDECIDED && a < 1 - UNDECIDED) undecided[row + ((x / TILE) | 0)] = 1;
    }
  }
  const out = Float32Array.from(input);
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      let near = false;
      for (let y = Math.max(0, ty - reach); y <= Math.min(tilesY - 1, ty + reach) && !near; y++) {
        for (let x = Math.max(0, tx - reach); x <= Math.min(tilesX - 1, tx + reach); x++) {
          if (undecided[y * tilesX + x]) near = true;
        }
      }
      if (near)
        filterTile(guide, input, out, width, height, tx * TILE, ty * TILE, margin, r, eps, s);
    }
  }
  return out;
}

function filterTile(
  guide: Float32Array,
  input: Float32Array,
  out: Float32Array,
  width: number,
  height: number,
  left: number,
  top: number,
  margin: number,
  r: number,
  eps: number,
  s: number,
): void {
  const x0 = Math.max(0, left - margin);
  const y0 = Math.max(0, top - margin);
  const x1 = Math.min(width, left + TILE + margin);
  const y1 = Math.min(height, top + TILE + margin);
  const w = x1 - x0;
  const h = y1 - y0;
  const g = new Float32Array(w * h);
  const p = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    g.set(guide.subarray((y0 + y) * width + x0, (y0 + y) * width + x1), y * w);
    p.set(input.subarray((y0 + y) * width + x0, (y0 + y) * width + x1), y * w);
  }
  const inner = {
    left: left - x0,
    top: top - y0,
    right: Math.min(width, left + TILE) - x0,
    bottom: Math.min(height, top + TILE) - y0,
  };
  const q = guidedFilter(g, p, w, h, r, eps, s, inner);
  for (let y = top; y < Math.min(height, top + TILE); y++) {
    const from = (y - y0) * w + (left - x0);
    out.set(q.subarray(from, from + Math.min(TILE, width - left)), y * width + left);
  }
}
