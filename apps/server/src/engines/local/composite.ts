import sharp from "sharp";
import { luma, type Rgb, scale } from "./color.ts";
import type { Cutout } from "./cutout.ts";
import { type Bounds, framingFor, horizonFor, placeSubject, subjectBounds } from "./framing.ts";
import { lightSide, renderScene } from "./scene.ts";
import type { ScenePlan } from "./scene-plan.ts";

/**
 * Shadow opacity (0..255): a soft elliptical pool where the subject meets the floor, and the
 * subject's own silhouette blurred and pushed away from the light.
 */
async function shadowAlpha(
  cutout: Cutout,
  bounds: Bounds,
  awayFromLight: number,
  strength: number,
) {
  const { width, height } = cutout;
  const diagonal = Math.hypot(width, height);
  const dx = Math.round(awayFromLight * width * 0.025);
  const dy = Math.round(height * 0.015);
  const cast = await sharp(cutout.mask, { raw: { width, height, channels: 1 } })
    .blur(Math.max(1, diagonal * 0.012))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const alpha = Buffer.alloc(width * height);
  const castShare = 0.35 * strength;
  for (let y = dy; y < height; y++) {
    for (let x = Math.max(0, dx); x < Math.min(width, width + dx); x++) {
      alpha[y * width + x] = (cast[(y - dy) * width + x - dx] ?? 0) * castShare;
    }
  }

  // Only subjects that stand inside the picture touch the floor visibly.
  if (bounds.bottom < height * 0.98) {
    const boxWidth = bounds.right - bounds.left;
    const cx = (bounds.left + bounds.right) / 2 + dx;
    const cy = bounds.bottom - Math.max(2, boxWidth * 0.015);
    const rx = boxWidth * 0.5;
    const ry = Math.max(3, boxWidth * 0.06);
    for (let y = Math.max(0, Math.floor(cy - 3 * ry)); y < Math.min(height, cy + 3 * ry); y++) {
      for (
        let x = Math.max(0, Math.floor(cx - 1.5 * rx));
        x < Math.min(width, cx + 1.5 * rx);
        x++
      ) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        const pool = 255 * 0.6 * strength * Math.exp(-2.2 * d);
        const i = y * width + x;
        alpha[i] = Math.max(alpha[i] ?? 0, pool);
      }
    }
  }
  return alpha;
}

/** Leans the subject's colours toward the scene's: a small gain per channel, brightness kept. */
function matchLight(cutout: Cutout, sceneMean: Rgb, plan: ScenePlan): Buffer {
  const sceneLuma = Math.max(1, luma(sceneMean));
  const share = 0.16 + plan.light.amount * 0.3;
  const gains = sceneMean.map((c) => 1 + share * (c / sceneLuma - 1));
  const rgba = Buffer.from(cutout.rgba);
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = Math.min(255, (rgba[i] ?? 0) * (gains[0] ?? 1));
    rgba[i + 1] = Math.min(255, (rgba[i + 1] ?? 0) * (gains[1] ?? 1));
    rgba[i + 2] = Math.min(255, (rgba[i + 2] ?? 0) * (gains[2] ?? 1));
    // A slight choke hides the old background's fringe along the subject's edges.
    const alpha = rgba[i + 3] ?? 0;
    rgba[i + 3] = alpha < 24 ? 0 : Math.min(255, ((alpha - 24) * 255) / 216);
  }
  return rgba;
}

/**
 * Places the cut-out subject on a scene rendered for the plan: where it stood in the photo, or
 * smaller and centred when it crowds the frame (see framingFor). Returns a pipeline of the
 * opaque result at the photo's size, ready to encode.
 */
export async function composite(photoCutout: Cutout, plan: ScenePlan, seed: number) {
  const { width, height } = photoCutout;
  const found = subjectBounds(photoCutout.mask, width, height) ?? {
    left: 0,
    top: 0,
    right: width,
    bottom: height,
  };
  const target = framingFor(found, width, height);
  const cutout = target ? await placeSubject(photoCutout, found, target) : photoCutout;
  const bounds = target ?? found;
  const scene = await renderScene(
    plan,
    { width, height, horizon: horizonFor(bounds, height) },
    seed,
  );
  const raw = (channels: 1 | 3 | 4) => ({ raw: { width, height, channels } }) as const;
  const stats = await sharp(scene, raw(3)).stats();
  const sceneMean: Rgb = [
    stats.channels[0]?.mean ?? 128,
    stats.channels[1]?.mean ?? 128,
    stats.channels[2]?.mean ?? 128,
  ];

  const away = 0.5 - lightSide(plan, seed);
  const strength = Math.min(1.2, 0.85 * plan.light.contrast);
  const alpha = await shadowAlpha(cutout, bounds, Math.sign(away) || 1, strength);
  const shade = scale(plan.floor[1], 0.25);
  const shadow = Buffer.alloc(width * height * 4);
  for (let i = 0; i < alpha.length; i++) {
    shadow[i * 4] = shade[0];
    shadow[i * 4 + 1] = shade[1];
    shadow[i * 4 + 2] = shade[2];
    shadow[i * 4 + 3] = alpha[i] ?? 0;
  }
  const subject = matchLight(cutout, sceneMean, plan);
  return sharp(scene, raw(3)).composite([
    { input: shadow, ...raw(4) },
    { input: subject, ...raw(4) },
  ]);
}
