import sharp from "sharp";
import { clamp, luma, seededRandom } from "../../common/index.ts";
import type { RenderQuality, SceneGeometry, ScenePlan } from "../../types.ts";

/** Pixel passes over the drawn scene (raw RGB at the drawn size), in the order they run. */

/**
 * A glossy surface mirrors the backdrop: each floor row shows the row as far above the horizon
 * as it is below, strongest near the horizon (where light grazes the surface) and on water
 * broken up by the waves.
 */
export function reflect(frame: Buffer, geometry: SceneGeometry, plan: ScenePlan, seed: number) {
  const { width, height } = geometry;
  const horizon = Math.round(geometry.horizon);
  if (plan.gloss <= 0.02 || plan.camera.topDown || horizon <= 1) return;
  const depth = height - horizon;
  const water = plan.material === "water";
  const random = seededRandom(seed ^ 0x7e11);
  const phase = random() * 10;
  for (let y = horizon; y < height; y++) {
    const d = y - horizon;
    const t = d / depth;
    const weight = plan.gloss * (0.25 + 0.75 * (1 - t) ** 2) * (water ? 0.85 : 0.6);
    const stretch = water ? 1 + 0.1 * Math.sin(d * 0.9 + phase) : 1;
    const source = Math.round(horizon - 1 - d * stretch);
    if (source < 0) break;
    const shift = water ? Math.round(Math.sin(d * 0.35 + phase) * (2 + t * 6)) : 0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, x + shift));
      const from = (source * width + sx) * 3;
      const at = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const here = frame[at + c] ?? 0;
        // The reflection darkens what it shows a little: no surface mirrors all the light.
        frame[at + c] = here + ((frame[from + c] ?? 0) * 0.9 - here) * weight;
      }
    }
  }
}

/** How out of focus each row is, 0..1: the backdrop fully, the floor less toward the camera. */
function rowFocus(geometry: SceneGeometry, plan: ScenePlan): Float32Array {
  const { height } = geometry;
  const rows = new Float32Array(height);
  // The backdrop is fully at the blur the bokeh asks for; mixing in a sharp copy would ghost.
  const far = 1;
  if (plan.camera.topDown) return rows.fill(plan.camera.bokeh * 0.15);
  const horizon = geometry.horizon;
  const depth = Math.max(1, height - horizon);
  for (let y = 0; y < height; y++) {
    if (y < horizon) rows[y] = far;
    else rows[y] = far * (1 - clamp((y - horizon) / (depth * 0.8), 0, 1)) ** 1.6;
  }
  return rows;
}

/**
 * Depth of field: the frame blended with blurred copies of itself, row by row. `rich` blends
 * two blur radii so the focus falls off smoothly; `fast` uses one.
 */
export async function depthOfField(
  frame: Buffer,
  geometry: SceneGeometry,
  plan: ScenePlan,
  quality: RenderQuality,
): Promise<Buffer> {
  const { width, height } = geometry;
  const strongest = (1 + plan.camera.bokeh * 24) * (width / 1024) * (plan.camera.closeUp ? 1.3 : 1);
  if (strongest < 0.6) return frame;
  const raw = { raw: { width, height, channels: 3 as const } };
  // Blurring a smaller copy and scaling it back costs a fraction and looks the same.
  const blurred = async (sigma: number) => {
    const shrink = sigma > 10 ? 4 : 2;
    const small = {
      width: Math.max(1, Math.round(width / shrink)),
      height: Math.max(1, Math.round(height / shrink)),
    };
    const reduced = await sharp(frame, raw)
      .resize(small.width, small.height, { fit: "fill" })
      .raw()
      .toBuffer();
    // Two pipelines: sharp resizes before it blurs, whatever order the calls are chained in.
    const soft = await sharp(reduced, { raw: { ...small, channels: 3 } })
      .blur(Math.max(0.3, sigma / shrink))
      .raw()
      .toBuffer();
    return sharp(soft, { raw: { ...small, channels: 3 } })
      .resize(width, height, { fit: "fill" })
      .raw()
      .toBuffer();
  };
  const levels =
    quality === "rich"
      ? [frame, await blurred(strongest * 0.35), await blurred(strongest)]
      : [frame, await blurred(strongest)];
  const rows = rowFocus(geometry, plan);
  const out = Buffer.alloc(frame.length);
  const last = levels.length - 1;
  for (let y = 0; y < height; y++) {
    const position = (rows[y] ?? 0) * last;
    const lower = Math.min(last - 1, Math.floor(position));
    const t = position - lower;
    const a = levels[lower] ?? frame;
    const b = levels[lower + 1] ?? frame;
    const start = y * width * 3;
    for (let i = start; i < start + width * 3; i++) {
      out[i] = (a[i] ?? 0) * (1 - t) + (b[i] ?? 0) * t;
    }
  }
  return out;
}

/**
 * The light's colour and contrast, the edits' background gain, the vignette and a faint grain
 * that keeps smooth gradients from banding. A per-channel gain keeps the brightness while
 * tinting.
 */
export function finish(frame: Buffer, geometry: SceneGeometry, plan: ScenePlan, seed: number) {
  const { width, height } = geometry;
  const { tint, amount, contrast, vignette } = plan.light;
  const tintLuma = Math.max(1, luma(tint));
  const gains = tint.map((c) => 1 - amount + (amount * c) / tintLuma);
  const gain = plan.backgroundGain;
  // A cheap integer generator: one call per pixel adds up at a megapixel.
  let state = (seed ^ 0x9a17) >>> 0 || 1;
  const cx = width / 2;
  const cy = height * 0.5;
  const reach = 1 / (Math.hypot(width, height) * 0.55);
  const [gr, gg, gb] = [gains[0] ?? 1, gains[1] ?? 1, gains[2] ?? 1];
  for (let y = 0; y < height; y++) {
    const dy2 = (y - cy) ** 2;
    let at = y * width * 3;
    for (let x = 0; x < width; x++, at += 3) {
      const r = Math.sqrt((x - cx) ** 2 + dy2) * reach;
      const fall = r > 0.45 ? ((r - 0.45) / 0.55) ** 2 : 0;
      const scale = (1 - vignette * Math.min(1, fall)) * gain;
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const grain = ((state >>> 0) / 4294967296 - 0.5) * 2.2;
      frame[at] = clamp((128 + ((frame[at] ?? 0) * gr - 128) * contrast) * scale + grain, 0, 255);
      frame[at + 1] = clamp(
        (128 + ((frame[at + 1] ?? 0) * gg - 128) * contrast) * scale + grain,
        0,
        255,
      );
      frame[at + 2] = clamp(
        (128 + ((frame[at + 2] ?? 0) * gb - 128) * contrast) * scale + grain,
        0,
        255,
      );
    }
  }
}
