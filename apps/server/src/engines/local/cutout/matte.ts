import { clamp, edgesRunOff, lumaOf } from "../common/index.ts";
import { ISNET_SIZE } from "../models/index.ts";
import { dropGhostPieces } from "./ghost-pieces.ts";
import { guidedFilterNearEdges } from "./guided-filter.ts";
import { decontaminate, fillHoles } from "./matte-fix.ts";

/** How hard to work on the matte: `fast` for realtime jobs, `full` for queued ones. */
export type MatteQuality = "fast" | "full";

export type MatteOptions = {
  /** background_threshold, 0..1: higher cuts tighter. */
  threshold: number;
  quality: MatteQuality;
};

export const DEFAULT_MATTE: MatteOptions = { threshold: 0.67, quality: "fast" };

/** Enclosed holes smaller than this share of the subject are filled. */
const HOLE_SHARE = 0.01;
/** A close-up's cut is this much softer (its background_threshold scaled by it). */
const CLOSE_UP_THRESHOLD = 0.3;

/**
 * Whether the subject fills the frame: most of the picture, running off two of its edges (a
 * cat's head, a face). The network is least sure exactly there, on ears and hair going out of
 * focus against a background of their own colours, and a product's tight cut would ghost them.
 */
export function fillsFrame(alpha: Float32Array, width: number, height: number): boolean {
  let inside = 0;
  for (let i = 0; i < alpha.length; i++) if ((alpha[i] ?? 0) >= 0.5) inside++;
  if (inside < alpha.length * 0.4) return false;
  const edges = edgesRunOff(alpha, width, height, 0.5);
  return Object.values(edges).filter(Boolean).length >= 2;
}

/**
 * The cut as a soft threshold: a smoothstep 0.5 wide around a midpoint that moves from 0.3 to
 * 0.7 as background_threshold goes from 0 to 1 (0.57 at the default 0.67). A higher threshold
 * moves the midpoint up, so more of the uncertain edge falls to the background and the cut is
 * tighter; the result is monotonic in the threshold for every input alpha.
 */
export function thresholdCurve(alpha: number, threshold: number): number {
  const mid = 0.3 + 0.4 * clamp(threshold, 0, 1);
  const t = clamp((alpha - (mid - 0.25)) / 0.5, 0, 1);
  return t * t * (3 - 2 * t);
}

function luminance(rgb: Uint8Array, n: number): Float32Array {
  const guide = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    guide[i] = lumaOf(rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0) / 255;
  }
  return guide;
}

/**
 * Refines a matte the network made at ISNET_SIZE² and that was resized back to the photo:
 * edge-aware upsampling with a guided filter on the photo's luminance (window about two
 * network pixels wide), the background_threshold cut (softer for a subject that fills the
 * frame, see fillsFrame), hole filling, then colour
 * decontamination of the edge pixels. `full` adds a second, finer guided pass (half the
 * radius, a quarter of eps) that pulls the edge onto the photo's real outline, and looks
 * further for the background colour. Returns the alpha bytes and the decontaminated RGB.
 */
export function refineMatte(
  rgb: Uint8Array,
  mask: Uint8Array,
  width: number,
  height: number,
  options: MatteOptions = DEFAULT_MATTE,
): { mask: Buffer; rgb: Buffer } {
  const n = width * height;
  const guide = luminance(rgb, n);
  let alpha: Float32Array = new Float32Array(n);
  for (let i = 0; i < n; i++) alpha[i] = (mask[i] ?? 0) / 255;

  const networkPixel = Math.max(width, height) / ISNET_SIZE;
  const radius = Math.max(2, Math.round(2 * networkPixel));
  // The network's pixels are coarser than the photo's, so its coefficients can be too.
  const step = Math.max(1, Math.floor(networkPixel));
  alpha = guidedFilterNearEdges(guide, alpha, width, height, radius, 1e-3, step);
  if (options.quality === "full") {
    alpha = guidedFilterNearEdges(guide, alpha, width, height, Math.max(1, radius >> 1), 2.5e-4);
  }
  const threshold = options.threshold * (fillsFrame(alpha, width, height) ? CLOSE_UP_THRESHOLD : 1);
  for (let i = 0; i < n; i++) alpha[i] = thresholdCurve(alpha[i] ?? 0, threshold);
  dropGhostPieces(alpha, width);
  fillHoles(alpha, width, height, HOLE_SHARE);

  const clean = Buffer.from(rgb);
  decontaminate(clean, alpha, width, height, options.quality === "full" ? 2 * radius : radius);
  const bytes = Buffer.alloc(n);
  for (let i = 0; i < n; i++) bytes[i] = Math.round((alpha[i] ?? 0) * 255);
  return { mask: bytes, rgb: clean };
}
