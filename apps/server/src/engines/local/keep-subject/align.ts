import sharp from "sharp";
import type { Placement } from "../../image-engine.ts";
import type { Rgba } from "../common/index.ts";
import { roundPlacement } from "./place.ts";

/**
 * Finds where a model put the subject: it is asked to keep the photo's composition, but a
 * generative model redraws the frame and may move or resize the subject by a few per cent. The
 * cut-out's edges (its outline and the lines inside it) are matched against the result's, coarse
 * to fine: a wide search on a small copy, then small corrections on larger ones.
 */

/** The long sides the search works at, coarse to fine; the last is the image's own. */
const LEVEL_SIDES = [128, 256, 512, 1024, 2048];
/** The first level looks this far (share of the long side) from where the subject was expected. */
const FIRST_REACH = 0.08;
/** Scale changes tried at the first level, then the step of the finer ones. */
const FIRST_SCALES = [0.92, 0.96, 1, 1.04, 1.08];
/** Below this correlation of edges the subject is not where the model was asked to keep it. */
export const MIN_MATCH = 0.35;

/** Edge strength (Sobel magnitude of brightness) of an RGBA image, with its alpha. */
type Edges = { edges: Float32Array; alpha: Uint8Array; width: number; height: number };

function edgesOf(rgba: Buffer, width: number, height: number, overGrey: boolean): Edges {
  const luma = new Float32Array(width * height);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < luma.length; i++) {
    const a = (rgba[i * 4 + 3] ?? 255) / 255;
    const l =
      0.299 * (rgba[i * 4] ?? 0) + 0.587 * (rgba[i * 4 + 1] ?? 0) + 0.114 * (rgba[i * 4 + 2] ?? 0);
    // The cut-out over mid grey: its outline is an edge whatever the model drew behind it.
    luma[i] = overGrey ? l * a + 128 * (1 - a) : l;
    alpha[i] = rgba[i * 4 + 3] ?? 255;
  }
  const edges = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const at = (dx: number, dy: number) => luma[i + dy * width + dx] ?? 0;
      const gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
      const gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
      edges[i] = Math.hypot(gx, gy);
    }
  }
  return { edges, alpha, width, height };
}

async function resizedRgba(image: Rgba, width: number, height: number): Promise<Buffer> {
  return sharp(image.rgba, { raw: { width: image.width, height: image.height, channels: 4 } })
    .resize(Math.max(1, width), Math.max(1, height), { fit: "fill" })
    .raw()
    .toBuffer();
}

/**
 * Normalised correlation of the template's edges with the image's, the template's corner at
 * (x, y), over the template's subject pixels that fall in the image: -1..1.
 */
function correlation(image: Edges, template: Edges, x: number, y: number): number {
  let n = 0;
  let st = 0;
  let si = 0;
  let stt = 0;
  let sii = 0;
  let sti = 0;
  for (let ty = 0; ty < template.height; ty++) {
    const iy = y + ty;
    if (iy < 0 || iy >= image.height) continue;
    for (let tx = 0; tx < template.width; tx++) {
      const ix = x + tx;
      if (ix < 0 || ix >= image.width) continue;
      const t = ty * template.width + tx;
      if ((template.alpha[t] ?? 0) < 16) continue;
      const a = template.edges[t] ?? 0;
      const b = image.edges[iy * image.width + ix] ?? 0;
      n++;
      st += a;
      si += b;
      stt += a * a;
      sii += b * b;
      sti += a * b;
    }
  }
  if (n < 16) return -1;
  const cov = sti - (st * si) / n;
  const spread = Math.sqrt((stt - (st * st) / n) * (sii - (si * si) / n));
  return spread > 0 ? cov / spread : -1;
}

type Candidate = { placement: Placement; score: number };

/** The best of the placements around `start` at one level (in that level's pixels). */
async function searchLevel(
  image: Edges,
  cutout: Rgba,
  start: Placement,
  scales: number[],
  reach: number,
): Promise<Candidate> {
  let best: Candidate = { placement: start, score: -2 };
  for (const scale of scales) {
    const width = Math.max(1, Math.round(start.width * scale));
    const height = Math.max(1, Math.round(start.height * scale));
    const template = edgesOf(await resizedRgba(cutout, width, height), width, height, true);
    // Scaled about the subject's centre, so a scale change alone does not move it.
    const cx = start.x + start.width / 2 - width / 2;
    const cy = start.y + start.height / 2 - height / 2;
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const x = Math.round(cx) + dx;
        const y = Math.round(cy) + dy;
        const score = correlation(image, template, x, y);
        if (score > best.score) best = { placement: { x, y, width, height }, score };
      }
    }
  }
  return best;
}

/**
 * Where the cut-out (the upload's subject, RGBA at the upload's size) lies in the result,
 * searched around `expected`, and how well its edges match there (see MIN_MATCH).
 */
export async function alignSubject(
  result: Rgba,
  cutout: Rgba,
  expected: Placement,
): Promise<{ placement: Placement; match: number }> {
  const longSide = Math.max(result.width, result.height);
  const sides = [...LEVEL_SIDES.filter((side) => side < longSide), longSide];
  let estimate = expected;
  let match = -1;
  for (const [level, side] of sides.entries()) {
    const factor = side / longSide;
    const width = Math.max(1, Math.round(result.width * factor));
    const height = Math.max(1, Math.round(result.height * factor));
    const image = edgesOf(await resizedRgba(result, width, height), width, height, false);
    const step = 0.02 / 2 ** level;
    const scales = level === 0 ? FIRST_SCALES : [1 - step, 1, 1 + step];
    const reach = level === 0 ? Math.max(2, Math.round(FIRST_REACH * side)) : 2;
    const start = {
      x: estimate.x * factor,
      y: estimate.y * factor,
      width: estimate.width * factor,
      height: estimate.height * factor,
    };
    const best = await searchLevel(image, cutout, start, scales, reach);
    match = best.score;
    estimate = {
      x: best.placement.x / factor,
      y: best.placement.y / factor,
      width: best.placement.width / factor,
      height: best.placement.height / factor,
    };
  }
  return { placement: roundPlacement(estimate), match };
}
