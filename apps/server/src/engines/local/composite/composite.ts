import sharp, { type Sharp } from "sharp";
import { clamp, lumaOf, mix, type Rgb, WHITE } from "../common/index.ts";
import { lightSide, renderScene } from "../scene/index.ts";
import type { Cutout, RenderQuality, ScenePlan, Size } from "../types.ts";
import { layoutOnWhite, layoutSubject, type SubjectLayout } from "./framing.ts";
import {
  lightMatchFor,
  lightMatchTables,
  lightWrap,
  photoSurroundings,
  rimLight,
  sceneLightAround,
  sideLightGains,
  wrapRadius,
} from "./light/index.ts";
import { clipToPodiumTop } from "./podium-framing.ts";
import { reflection } from "./reflection.ts";
import { floorShadow, shadowProjection } from "./shadows/index.ts";
import { compositeOnWhite } from "./white.ts";

/** The product's own values, each channel mapped to itself (an exact product). */
const IDENTITY = Uint8Array.from({ length: 256 }, (_, v) => v);

/** How much of the blurred scene shows at the subject's very outline. */
const WRAP_STRENGTH = 0.4;
/** How bright a backlit subject's rim gets at the outline, facing the light. */
const RIM_STRENGTH = 0.9;

/**
 * What share of the light a fully shaded floor still gets, per channel: shade takes the
 * floor's own colour, deeper, never a flat black.
 */
function shadeTransmittance(plan: ScenePlan): Rgb {
  const floor = plan.floor[0];
  const brightest = Math.max(1, ...floor);
  return floor.map((c) => 0.1 + (0.22 * c) / brightest) as unknown as Rgb;
}

/**
 * Places the cut-out subject on a scene rendered for the plan (see layoutSubject), standing
 * on the floor with its contact and cast shadows, a reflection on glossy surfaces, its colour
 * and exposure leaned toward the scene's light (brighter on the side the light comes from) and
 * the scene's light wrapped into its edges; a backlit subject gets a rim of light. A plan that
 * keeps the product exact (`exactProduct`) gets the shadows and reflection but none of the
 * light on the product's own pixels. A white (marketplace) background gets none of that: see
 * compositeOnWhite.
 * Returns a pipeline of the opaque result at the photo's size, or at `canvas` when given (the
 * subject framed for it), ready to encode.
 */
export async function composite(
  photo: Cutout,
  plan: ScenePlan,
  seed: number,
  quality: RenderQuality = "fast",
  canvas: Size = photo,
): Promise<Sharp> {
  return (await composeScene(photo, plan, seed, quality, canvas)).pipeline;
}

/** What composite() draws, with the layout it framed the subject by (where the photo went). */
export type ComposedScene = { pipeline: Sharp; layout: SubjectLayout };

/** See composite(); also answers the subject's layout, for a check of its pixels. */
export async function composeScene(
  photo: Cutout,
  plan: ScenePlan,
  seed: number,
  quality: RenderQuality = "fast",
  canvas: Size = photo,
): Promise<ComposedScene> {
  const layout = await layoutFor(photo, plan, canvas);
  const pipeline =
    plan.setting === "white"
      ? await compositeOnWhite(layout, plan, seed, quality, canvas)
      : await compositeInScene(photo, layout, plan, seed, quality, canvas);
  return { layout, pipeline };
}

/** Where composeScene puts the subject for a plan, without drawing anything. */
export function layoutFor(
  photo: Cutout,
  plan: ScenePlan,
  canvas: Size = photo,
): Promise<SubjectLayout> {
  return plan.setting === "white"
    ? layoutOnWhite(photo, canvas)
    : layoutSubject(photo, plan.camera, plan.podium, canvas, plan.take);
}

/** The subject in a rendered scene, as `layout` placed it (see composite()). */
async function compositeInScene(
  photo: Cutout,
  layout: SubjectLayout,
  plan: ScenePlan,
  seed: number,
  quality: RenderQuality,
  canvas: Size,
): Promise<Sharp> {
  const { width, height } = canvas;
  const { cutout, bounds, standing, geometry } = layout;
  const onPodium = plan.podium && standing;
  const exact = plan.exactProduct === true;
  const scene = await renderScene(plan, geometry, seed, quality);
  const side = lightSide(plan, seed);
  const { light } = plan;

  const subjectHeight = Math.max(1, bounds.bottom - bounds.top);
  const shadowStrength = clamp(plan.shadow, 0, 1) * clamp(light.contrast, 0.6, 1.4);
  const projection = shadowProjection(
    { side, elevation: light.elevation, backlit: light.backlit },
    plan.camera.topDown,
    (bounds.bottom - geometry.horizon) / subjectHeight,
  );
  const [shade, mirror, wrap, rim] = await Promise.all([
    standing && shadowStrength > 0
      ? floorShadow(cutout.mask, width, height, bounds, {
          projection,
          hardness: light.hardness,
          castOpacity: plan.castShadow
            ? clamp(shadowStrength * (0.3 + 0.4 * light.hardness), 0, 0.85)
            : 0,
          contactOpacity: clamp(shadowStrength, 0, 0.97),
          quality,
        })
      : undefined,
    standing && !plan.camera.topDown && !onPodium
      ? reflection(cutout, bounds, plan.gloss, plan.floor[0], quality)
      : undefined,
    exact ? undefined : lightWrap(cutout.mask, scene, width, height),
    light.backlit && !exact
      ? rimLight(cutout.mask, width, height, wrapRadius(width, height) * 2.5, side)
      : undefined,
  ]);

  if (shade && onPodium) clipToPodiumTop(shade, geometry, plan.camera.topDown);
  const [tableR, tableG, tableB] = exact
    ? [IDENTITY, IDENTITY, IDENTITY]
    : lightMatchTables(
        lightMatchFor(
          sceneLightAround(scene, width, height, bounds),
          photoSurroundings(photo),
          light.backlit,
        ),
      );
  const transmit = shadeTransmittance(plan);
  const rimColour = mix(WHITE, light.tint, 0.35 + 0.4 * light.amount);

  const falloff = exact
    ? new Float32Array(width).fill(1)
    : sideLightGains(bounds, width, side, light.backlit);
  const { rgba } = cutout;
  const band = wrap?.band;
  const glow = wrap?.glow;
  const [keepR, keepG, keepB] = transmit;
  const [rimR, rimG, rimB] = rimColour;
  const mirrorStart = mirror ? mirror.top * width : 0;
  const mirrorEnd = mirror ? (mirror.top + mirror.rows) * width : 0;
  const out = new Uint8ClampedArray(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const p = i * 3;
    let r = scene[p] ?? 0;
    let g = scene[p + 1] ?? 0;
    let b = scene[p + 2] ?? 0;
    const shadow = (shade?.[i] ?? 0) / 255;
    if (shadow > 0) {
      r *= 1 - shadow * (1 - keepR);
      g *= 1 - shadow * (1 - keepG);
      b *= 1 - shadow * (1 - keepB);
    }
    if (mirror && i >= mirrorStart && i < mirrorEnd) {
      const m = i - mirrorStart;
      const keep = 1 - (mirror.alpha[m] ?? 0) / 255;
      r = r * keep + (mirror.rgb[m * 3] ?? 0);
      g = g * keep + (mirror.rgb[m * 3 + 1] ?? 0);
      b = b * keep + (mirror.rgb[m * 3 + 2] ?? 0);
    }
    const alpha = (rgba[i * 4 + 3] ?? 0) / 255;
    if (alpha > 0) {
      const keyLight = falloff[i % width] ?? 1;
      let fr = Math.min(255, (tableR[rgba[i * 4] ?? 0] ?? 0) * keyLight);
      let fg = Math.min(255, (tableG[rgba[i * 4 + 1] ?? 0] ?? 0) * keyLight);
      let fb = Math.min(255, (tableB[rgba[i * 4 + 2] ?? 0] ?? 0) * keyLight);
      const edge = (band?.[i] ?? 0) / 255;
      if (glow && edge > 0) {
        const gr = glow[p] ?? 0;
        const gg = glow[p + 1] ?? 0;
        const gb = glow[p + 2] ?? 0;
        // Light spills over an edge more than darkness does.
        const darker = lumaOf(gr - fr, gg - fg, gb - fb) < 0;
        const wrapShare = edge * WRAP_STRENGTH * (darker ? 0.5 : 1);
        fr += wrapShare * (gr - fr);
        fg += wrapShare * (gg - fg);
        fb += wrapShare * (gb - fb);
      }
      const rimShare = (rim?.[i] ?? 0) * RIM_STRENGTH;
      if (rimShare > 0) {
        // Screened: light adds to the edge, it never darkens it.
        fr = 255 - (255 - fr) * (1 - (rimShare * rimR) / 255);
        fg = 255 - (255 - fg) * (1 - (rimShare * rimG) / 255);
        fb = 255 - (255 - fb) * (1 - (rimShare * rimB) / 255);
      }
      r = r * (1 - alpha) + fr * alpha;
      g = g * (1 - alpha) + fg * alpha;
      b = b * (1 - alpha) + fb * alpha;
    }
    out[p] = r;
    out[p + 1] = g;
    out[p + 2] = b;
  }
  return sharp(Buffer.from(out.buffer), { raw: { width, height, channels: 3 } });
}
