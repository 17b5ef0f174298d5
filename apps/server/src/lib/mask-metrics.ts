/**
 * Pure measures of a predicted alpha matte against the exact one (`npm run bench:cutout`). Both
 * are one byte a pixel, row by row, `width` wide.
 */

/** Where a matte counts as subject for the binary measures. */
export const SOLID_ALPHA = 128;
/** How far a predicted edge may sit from the true one and still count as found. */
export const BOUNDARY_TOLERANCE_PX = 2;

export type MaskSize = { width: number; height: number };

function checkSizes(predicted: Uint8Array, truth: Uint8Array, { width, height }: MaskSize) {
  if (predicted.length !== width * height || truth.length !== width * height) {
    throw new Error("Both mattes must be width × height bytes");
  }
}

function solid(alpha: Uint8Array): Uint8Array {
  const binary = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) binary[i] = (alpha[i] ?? 0) >= SOLID_ALPHA ? 1 : 0;
  return binary;
}

/** Intersection over union of the two mattes at alpha ≥ 128; 1 when both are empty. */
export function maskIou(predicted: Uint8Array, truth: Uint8Array, size: MaskSize): number {
  checkSizes(predicted, truth, size);
  let both = 0;
  let either = 0;
  for (let i = 0; i < truth.length; i++) {
    const p = (predicted[i] ?? 0) >= SOLID_ALPHA;
    const t = (truth[i] ?? 0) >= SOLID_ALPHA;
    if (p && t) both++;
    if (p || t) either++;
  }
  return either === 0 ? 1 : both / either;
}

/**
 * The outline of a binary mask: its pixels with a 4-neighbour outside it. The frame's own edge
 * is no outline (a subject running off the picture has no edge there).
 */
export function boundaryOf(binary: Uint8Array, { width, height }: MaskSize): Uint8Array {
  const edge = new Uint8Array(binary.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!binary[i]) continue;
      const out =
        (x > 0 && !binary[i - 1]) ||
        (x < width - 1 && !binary[i + 1]) ||
        (y > 0 && !binary[i - width]) ||
        (y < height - 1 && !binary[i + width]);
      if (out) edge[i] = 1;
    }
  }
  return edge;
}

/** Every pixel within `radius` (Euclidean) of a set pixel. */
export function dilate(binary: Uint8Array, { width, height }: MaskSize, radius: number) {
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (dx * dx + dy * dy <= radius * radius) offsets.push([dx, dy]);
    }
  }
  const grown = new Uint8Array(binary.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!binary[y * width + x]) continue;
      for (const [dx, dy] of offsets) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && nx < width && ny >= 0 && ny < height) grown[ny * width + nx] = 1;
      }
    }
  }
  return grown;
}

function shareFound(edge: Uint8Array, near: Uint8Array): number {
  let total = 0;
  let found = 0;
  for (let i = 0; i < edge.length; i++) {
    if (!edge[i]) continue;
    total++;
    if (near[i]) found++;
  }
  return total === 0 ? 1 : found / total;
}

/**
 * Boundary F-measure: the harmonic mean of precision (the share of the predicted outline within
 * 2 px of the true one) and recall (the share of the true outline within 2 px of the predicted
 * one), both at alpha ≥ 128. 1 when neither has an outline, 0 when only one has.
 */
export function boundaryF(
  predicted: Uint8Array,
  truth: Uint8Array,
  size: MaskSize,
  tolerance = BOUNDARY_TOLERANCE_PX,
): number {
  checkSizes(predicted, truth, size);
  const predictedEdge = boundaryOf(solid(predicted), size);
  const trueEdge = boundaryOf(solid(truth), size);
  const hasPredicted = predictedEdge.includes(1);
  const hasTrue = trueEdge.includes(1);
  if (!hasPredicted || !hasTrue) return hasPredicted === hasTrue ? 1 : 0;
  const precision = shareFound(predictedEdge, dilate(trueEdge, size, tolerance));
  const recall = shareFound(trueEdge, dilate(predictedEdge, size, tolerance));
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/**
 * Leftovers: the share of the predicted alpha (summed) that lies where the true subject is not,
 * the truth grown by 1 px so its anti-aliased rim is not counted. 0 for an empty prediction.
 */
export function leftovers(predicted: Uint8Array, truth: Uint8Array, size: MaskSize): number {
  checkSizes(predicted, truth, size);
  const present = new Uint8Array(truth.length);
  for (let i = 0; i < truth.length; i++) present[i] = (truth[i] ?? 0) > 0 ? 1 : 0;
  const subject = dilate(present, size, 1);
  let kept = 0;
  let outside = 0;
  for (let i = 0; i < predicted.length; i++) {
    const alpha = predicted[i] ?? 0;
    kept += alpha;
    if (!subject[i]) outside += alpha;
  }
  return kept === 0 ? 0 : outside / kept;
}

export type MatteScores = { iou: number; boundaryF: number; leftovers: number };

/** All three measures of one predicted matte. */
export function scoreMatte(predicted: Uint8Array, truth: Uint8Array, size: MaskSize): MatteScores {
  return {
    iou: maskIou(predicted, truth, size),
    boundaryF: boundaryF(predicted, truth, size),
    leftovers: leftovers(predicted, truth, size),
  };
}
