/** Alpha above this belongs to some piece of the matte, however faint. */
const PRESENT = 0.04;
/** Alpha at or above this is the solid body of a piece. */
const SOLID = 0.5;

/**
 * Labels the 8-connected pieces of the matte (pixels above PRESENT): `labels` gets each pixel's
 * piece number (0 for none) and the answer is each piece's solid area, indexed by number.
 */
function pieces(alpha: Float32Array, width: number, labels: Int32Array): number[] {
  const n = alpha.length;
  const solid: number[] = [0];
  const stack = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (labels[start] || (alpha[start] ?? 0) <= PRESENT) continue;
    const label = solid.length;
    let area = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const i = stack[--top] ?? 0;
      if ((alpha[i] ?? 0) >= SOLID) area++;
      const x = i % width;
      for (let dy = -width; dy <= width; dy += width) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === -1 && x === 0) || (dx === 1 && x === width - 1)) continue;
          const j = i + dy + dx;
          if (j < 0 || j >= n || labels[j] || (alpha[j] ?? 0) <= PRESENT) continue;
          labels[j] = label;
          stack[top++] = j;
        }
      }
    }
    solid.push(area);
  }
  return solid;
}

/**
 * Drops the pieces of the matte that have no solid body anywhere: faint ghosts of the
 * background the network half-kept apart from the subject (a streak beside fur, a haze on a
 * shelf). A piece with any solid pixel stays, so a subject in several pieces keeps them all.
 * Works in place on 0..1 alpha; returns how many pixels were cleared.
 */
export function dropGhostPieces(alpha: Float32Array, width: number): number {
  const labels = new Int32Array(alpha.length);
  const solid = pieces(alpha, width, labels);
  let cleared = 0;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] ?? 0;
    if (label && solid[label] === 0) {
      alpha[i] = 0;
      cleared++;
    }
  }
  return cleared;
}
