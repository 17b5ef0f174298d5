import sharp from "sharp";
import { luma, mix, type Rgb, scale, toHex } from "./color.ts";
import type { RenderQuality, ScenePlan } from "./scene-plan.ts";
import { floorTexture, type SceneGeometry } from "./scene-textures.ts";
import { hashString, seededRandom } from "./seeded-random.ts";

export type { SceneGeometry } from "./scene-textures.ts";

type Random = () => number;

const fixed = (value: number) => value.toFixed(1);
const WHITE: Rgb = [255, 255, 255];
const RENDER_MAX_SIDE = 1024;

function stops(id: string, from: Rgb, to: Rgb, y1: number, y2: number): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${fixed(y1)}" x2="0" y2="${fixed(y2)}">
  <stop offset="0" stop-color="${toHex(from)}"/><stop offset="1" stop-color="${toHex(to)}"/>
</linearGradient>`;
}

/** Where the light comes from (0 = left edge, 1 = right edge): the prompt's, or the seed's. */
export function lightSide(plan: ScenePlan, seed: number): number {
  return plan.light.side ?? 0.25 + seededRandom(seed ^ 0x5eed)() * 0.5;
}

/** Out-of-focus discs and trunks: a forest seen through a shallow depth of field. */
function foliage({ width, horizon }: SceneGeometry, plan: ScenePlan, random: Random): string {
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = random() * width;
    const w = width * (0.02 + random() * 0.05);
    const dark = toHex(scale(plan.sky[0], 0.55));
    shapes.push(
      `<rect x="${fixed(x)}" y="0" width="${fixed(w)}" height="${fixed(horizon)}" fill="${dark}" opacity="0.55"/>`,
    );
  }
  const light = toHex(mix(plan.sky[1], [255, 246, 200], 0.6));
  for (let i = 0; i < 28; i++) {
    const r = width * (0.015 + random() * 0.05);
    shapes.push(
      `<circle cx="${fixed(random() * width)}" cy="${fixed(random() * horizon)}" r="${fixed(r)}" fill="${light}" opacity="${(0.12 + random() * 0.3).toFixed(2)}"/>`,
    );
  }
  return `<g filter="url(#far)">${shapes.join("")}</g>`;
}

/** A strip of distant landscape just above the horizon, so outdoor floors read as outdoors. */
function distance({ width, horizon, height }: SceneGeometry, plan: ScenePlan, random: Random) {
  const band = height * 0.035;
  if (plan.material === "sand") {
    // Water reflects the sky: darker toward the horizon line, paler where it meets the sand.
    const far = mix([40, 105, 150], plan.sky[1], 0.35);
    const near = mix(far, plan.floor[0], 0.45);
    const top = horizon - band * 1.4;
    return `${stops("sea", far, near, top, horizon)}<rect x="0" y="${fixed(top)}" width="${width}" height="${fixed(band * 1.4 + 1)}" fill="url(#sea)" filter="url(#near)"/>`;
  }
  if (plan.material === "grass" || plan.material === "snow") {
    const hill = toHex(mix(plan.floor[0], plan.sky[1], 0.45));
    const hills: string[] = [];
    for (let i = 0; i < 5; i++) {
      const cx = random() * width;
      hills.push(
        `<ellipse cx="${fixed(cx)}" cy="${fixed(horizon)}" rx="${fixed(width * (0.2 + random() * 0.25))}" ry="${fixed(band * (1.5 + random() * 2))}" fill="${hill}"/>`,
      );
    }
    return `<g filter="url(#far)">${hills.join("")}</g>`;
  }
  return "";
}

function stars({ width, horizon }: SceneGeometry, random: Random): string {
  const dots: string[] = [];
  for (let i = 0; i < 90; i++) {
    const r = Math.max(0.6, width / 1400) * (0.5 + random());
    dots.push(
      `<circle cx="${fixed(random() * width)}" cy="${fixed(random() * horizon * 0.9)}" r="${fixed(r)}" fill="#fff" opacity="${(0.3 + random() * 0.7).toFixed(2)}"/>`,
    );
  }
  return dots.join("");
}

function sun({ width, height, horizon }: SceneGeometry, lightX: number): string {
  const r = Math.min(width, height) * 0.07;
  return `<radialGradient id="glow"><stop offset="0" stop-color="#fff1c9" stop-opacity="0.85"/><stop offset="1" stop-color="#ffb070" stop-opacity="0"/></radialGradient>
<circle cx="${fixed(lightX)}" cy="${fixed(horizon - r * 0.6)}" r="${fixed(r * 4)}" fill="url(#glow)"/>
<circle cx="${fixed(lightX)}" cy="${fixed(horizon - r * 0.6)}" r="${fixed(r)}" fill="#fff4d6"/>`;
}

/** The whole scene as SVG. Pure, so the same plan, geometry and seed give the same text. */
export function sceneSvg(plan: ScenePlan, geometry: SceneGeometry, seed: number): string {
  const { width, height, horizon } = geometry;
  const random = seededRandom(seed ^ hashString(plan.words.join(" ")));
  const lightX = width * lightSide(plan, seed);
  const studio = plan.backdrop === "studio";
  // A studio sweep has no visible edge; rooms and outdoors get a crisp one.
  const seam = studio ? height * 0.12 : Math.max(1, height * 0.004);
  const texture = floorTexture(plan.material, geometry, plan, random, (seed >>> 0) % 10_000);
  const backdrop =
    plan.backdrop === "foliage"
      ? foliage(geometry, plan, random)
      : distance(geometry, plan, random);
  const lightColour = toHex(mix(WHITE, plan.light.tint, 0.5));
  const blur = Math.max(1, width / 180);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
${stops("sky", plan.sky[0], plan.sky[1], 0, horizon - seam)}
${stops("floor", plan.floor[0], plan.floor[1], horizon + seam, height)}
<linearGradient id="seam" gradientUnits="userSpaceOnUse" x1="0" y1="${fixed(horizon - seam)}" x2="0" y2="${fixed(horizon + seam)}">
  <stop offset="0" stop-color="${toHex(plan.sky[1])}"/><stop offset="1" stop-color="${toHex(plan.floor[0])}"/>
</linearGradient>
<radialGradient id="lamp" gradientUnits="userSpaceOnUse" cx="${fixed(lightX)}" cy="${fixed(horizon * 0.35)}" r="${fixed(Math.max(width, height) * 0.75)}">
  <stop offset="0" stop-color="${lightColour}" stop-opacity="0.45"/><stop offset="0.45" stop-color="${lightColour}" stop-opacity="0.2"/><stop offset="1" stop-color="${lightColour}" stop-opacity="0"/>
</radialGradient>
<radialGradient id="vignette" gradientUnits="userSpaceOnUse" cx="${fixed(width / 2)}" cy="${fixed(height * 0.55)}" r="${fixed(Math.hypot(width, height) * 0.6)}">
  <stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${plan.light.vignette.toFixed(2)}"/>
</radialGradient>
<clipPath id="floorclip"><rect x="0" y="${fixed(horizon)}" width="${width}" height="${fixed(height - horizon)}"/></clipPath>
<filter id="far" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${fixed(blur * 2.5)}"/></filter>
<filter id="near"><feGaussianBlur stdDeviation="${fixed(blur * 0.5)}"/></filter>
${texture.defs}
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
${plan.stars ? stars(geometry, random) : ""}
${plan.sun ? sun(geometry, lightX) : ""}
${backdrop}
<rect x="0" y="${fixed(horizon)}" width="${width}" height="${fixed(height - horizon)}" fill="url(#floor)"/>
${texture.body}
<rect x="0" y="${fixed(horizon - seam)}" width="${width}" height="${fixed(seam * 2)}" fill="url(#seam)"/>
<rect width="${width}" height="${height}" fill="url(#lamp)"/>
<rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

/**
 * Renders the scene to raw RGB at the given size. The light's colour and contrast are applied
 * to the pixels afterwards: a per-channel gain keeps the scene's brightness while tinting it.
 */
export async function renderScene(
  plan: ScenePlan,
  geometry: SceneGeometry,
  seed: number,
  _quality: RenderQuality = "fast",
): Promise<Buffer> {
  const { width, height, horizon } = geometry;
  // The scene is soft anyway; drawing big ones smaller and scaling up saves seconds of noise.
  const factor = Math.min(1, RENDER_MAX_SIDE / Math.max(width, height));
  const drawn = {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
    horizon: horizon * factor,
  };
  const { tint, amount, contrast } = plan.light;
  const tintLuma = Math.max(1, luma(tint));
  const gains = tint.map((c) => (1 - amount + (amount * c) / tintLuma) * contrast);
  const offset = 128 * (1 - contrast);
  let scene = sharp(Buffer.from(sceneSvg(plan, drawn, seed))).removeAlpha();
  if (factor < 1) {
    scene = sharp(await scene.raw().toBuffer(), { raw: { ...drawn, channels: 3 } }).resize(
      width,
      height,
      { fit: "fill", kernel: "mitchell" },
    );
  }
  return scene.linear(gains, [offset, offset, offset]).raw().toBuffer();
}
