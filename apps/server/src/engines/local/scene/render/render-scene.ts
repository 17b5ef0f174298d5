import sharp from "sharp";
import { clamp, hashString, mix, seededRandom, WHITE } from "../../common/index.ts";
import type { RenderQuality, SceneGeometry, ScenePlan } from "../../types.ts";
import { INDOOR_BACKDROPS, neonTubes } from "./indoors.ts";
import { backlight, bokehLights, haze, neonSpill, stars, sun, windowLight } from "./lights.ts";
import { OUTDOOR_BACKDROPS } from "./outdoors.ts";
import {
  photographedBackdrop,
  photographedSurface,
  replacesBackdrop,
  spotlightPool,
} from "./photographed.ts";
import { depthOfField, finish, reflect } from "./pixels.ts";
import { podium } from "./podium.ts";
import { propsBehind, propsInFront, propsOnWall } from "./props/index.ts";
import { type Mips, mipsOf, paintSurface, seamless } from "./surface.ts";
import { type Canvas, fixed, glow, verticalGradient } from "./svg.ts";
import { surfaceTileSvg } from "./textures.ts";

/** The scene is soft; big pictures are drawn at most this large and scaled up. */
const RENDER_MAX_SIDE: Record<RenderQuality, number> = { fast: 896, rich: 1280 };
const TILE_SIZE: Record<RenderQuality, number> = { fast: 256, rich: 512 };

/**
 * Where the light comes from (0 = left edge, 1 = right edge): the prompt's, else the take's
 * side (a little either way by the seed), else the seed's.
 */
export function lightSide(plan: ScenePlan, seed: number): number {
  if (plan.light.side !== undefined) return plan.light.side;
  const dice = seededRandom(seed ^ 0x5eed)();
  return plan.take ? plan.take.lightSide + (dice - 0.5) * 0.08 : 0.25 + dice * 0.5;
}

function canvasFor(
  plan: ScenePlan,
  geometry: SceneGeometry,
  seed: number,
  quality: RenderQuality,
  salt: number,
): Canvas {
  const horizon = plan.camera.topDown ? 0 : geometry.horizon;
  return {
    geometry: { ...geometry, horizon },
    plan,
    random: seededRandom(seed ^ hashString(`${plan.setting} ${plan.words.join(" ")}`) ^ salt),
    quality,
    lightX: geometry.width * lightSide(plan, seed),
    seed,
  };
}

function clips({ width, height, horizon }: SceneGeometry): string {
  return `<clipPath id="above"><rect width="${width}" height="${fixed(horizon)}"/></clipPath><clipPath id="below"><rect y="${fixed(horizon)}" width="${width}" height="${fixed(height - horizon)}"/></clipPath>`;
}

/**
 * Behind the focus plane: the backdrop (wall, sky and what stands in it) and the floor's own
 * shading, which the surface texture is laid over. Pure: the same inputs give the same text.
 */
export function sceneSvg(
  plan: ScenePlan,
  geometry: SceneGeometry,
  seed: number,
  quality: RenderQuality = "fast",
): string {
  const canvas = canvasFor(plan, geometry, seed, quality, 0);
  const { width, height, horizon } = canvas.geometry;
  const outdoor = plan.setting in OUTDOOR_BACKDROPS;
  // A studio sweep curves from wall to floor without an edge; rooms and outdoors have one.
  const seam = plan.backdrop === "studio" ? height * 0.14 : Math.max(1, height * 0.003);
  const drawBackdrop = outdoor
    ? OUTDOOR_BACKDROPS[plan.setting as keyof typeof OUTDOOR_BACKDROPS]
    : INDOOR_BACKDROPS[plan.setting as keyof typeof INDOOR_BACKDROPS];
  // A brick wall is the room's wall, under its furniture; outdoors it hides the street behind.
  const wall = propsOnWall(canvas);
  const above = plan.camera.topDown
    ? ""
    : [
        plan.stars ? stars(canvas) : "",
        plan.sun ? sun(canvas) : "",
        outdoor ? "" : wall,
        replacesBackdrop(plan) ? "" : drawBackdrop(canvas),
        outdoor ? wall : "",
        plan.neon && !outdoor ? neonTubes(canvas) : "",
        plan.light.backlit ? backlight(canvas) : "",
      ].join("\n");
  const pool = mix(WHITE, plan.light.tint, 0.3);
  const subjectX = geometry.subject
    ? (geometry.subject.left + geometry.subject.right) / 2
    : width / 2;
  const poolX = subjectX * 0.6 + canvas.lightX * 0.4;
  const floorTop = plan.camera.topDown ? 0 : horizon;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
${clips(canvas.geometry)}
${verticalGradient("sky", [plan.sky[0], plan.sky[1]], 0, Math.max(1, horizon - seam))}
${verticalGradient("floor", [plan.floor[0], plan.floor[1]], floorTop + seam, height)}
${verticalGradient("seam", [plan.sky[1], plan.floor[0]], horizon - seam, horizon + seam)}
${glow("pool", pool, plan.camera.topDown ? 0.25 : 0.3)}
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<rect x="0" y="${fixed(floorTop)}" width="${width}" height="${fixed(height - floorTop)}" fill="url(#floor)"/>
${plan.camera.topDown ? "" : `<rect x="0" y="${fixed(horizon - seam)}" width="${width}" height="${fixed(seam * 2)}" fill="url(#seam)"/>`}
${photographedBackdrop(canvas)}
${above}
${haze(canvas)}
<ellipse cx="${fixed(poolX)}" cy="${fixed(plan.camera.topDown ? height / 2 : horizon + (height - horizon) * 0.3)}" rx="${fixed(width * 0.6)}" ry="${fixed(plan.camera.topDown ? height * 0.6 : (height - horizon) * 0.6)}" fill="url(#pool)"/>
${propsBehind(canvas)}
</svg>`;
}

/**
 * In front of the depth of field: out-of-focus lights, the props beside the subject, window
 * light and the podium.
 */
export function foregroundSvg(
  plan: ScenePlan,
  geometry: SceneGeometry,
  seed: number,
  quality: RenderQuality,
): string {
  const canvas = canvasFor(plan, geometry, seed, quality, 0x0f0f);
  const parts = [
    plan.camera.topDown ? "" : bokehLights(canvas),
    propsInFront(canvas),
    plan.window ? windowLight(canvas) : "",
    plan.neon && !plan.camera.topDown ? neonSpill(canvas) : "",
    // A podium stands under a subject whose base shows; a bust the frame cuts gets none.
    plan.podium && geometry.subject ? podium(canvas) : "",
    spotlightPool(canvas),
  ].filter(Boolean);
  if (parts.length === 0) return "";
  const { width, height } = geometry;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${clips(canvas.geometry)}</defs>${parts.join("\n")}</svg>`;
}

function drawnGeometry(geometry: SceneGeometry, factor: number): SceneGeometry {
  const { width, height, horizon, subject } = geometry;
  return {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
    horizon: Math.min(height * factor, Math.max(0, horizon * factor)),
    subject: subject && {
      left: subject.left * factor,
      top: subject.top * factor,
      right: subject.right * factor,
      bottom: subject.bottom * factor,
    },
  };
}

/**
 * SVG to raw pixels at `size`; `scale` < 1 draws it smaller and scales it up, for layers that
 * end up out of focus anyway.
 */
async function rasterise(svg: string, channels: 3 | 4, size: SceneGeometry, scale = 1) {
  const image = sharp(Buffer.from(svg), { density: 72 * scale });
  const flat = channels === 3 ? image.removeAlpha() : image.ensureAlpha();
  if (scale === 1) return flat.raw().toBuffer();
  const small = await flat.raw().toBuffer({ resolveWithObject: true });
  return sharp(small.data, { raw: small.info })
    .resize(size.width, size.height, { fit: "fill" })
    .raw()
    .toBuffer();
}

/** Blends an RGBA layer over an RGB frame in place. */
function over(frame: Buffer, layer: Buffer): void {
  for (let i = 0, j = 0; i < frame.length; i += 3, j += 4) {
    const alpha = (layer[j + 3] ?? 0) / 255;
    if (alpha === 0) continue;
    for (let c = 0; c < 3; c++) {
      const below = frame[i + c] ?? 0;
      frame[i + c] = below + ((layer[j + c] ?? 0) - below) * alpha;
    }
  }
}

/**
 * The surface texture for a tile's SVG, ready to lay out. Renders of the same prompt and seed
 * (a realtime preview, then edits) reuse it; the SVG text is the key, so reuse is exact.
 */
const textures = new Map<string, Promise<Mips>>();
const TEXTURES_KEPT = 6;

async function photoTexture(plan: ScenePlan, size: number): Promise<Mips | undefined> {
  const photo = await photographedSurface(plan, size);
  return photo && mipsOf(size, photo);
}

function surfaceTexture(svg: string, repeatsExactly: boolean): Promise<Mips> {
  const known = textures.get(svg);
  if (known) return known;
  const size = Number(/width="(\d+)"/.exec(svg)?.[1] ?? 0);
  const made = rasterise(svg, 3, { width: size, height: size, horizon: 0 }).then((tile) =>
    mipsOf(size, repeatsExactly ? tile : seamless(size, tile)),
  );
  textures.set(svg, made);
  made.catch(() => textures.delete(svg));
  for (const key of textures.keys()) {
    if (textures.size <= TEXTURES_KEPT) break;
    textures.delete(key);
  }
  return made;
}

/**
 * A white (marketplace) background: one flat colour, pure #FFFFFF at the plan's own gain; no
 * horizon, light, vignette or grain. An edit's darker background greys it evenly.
 */
function plainWhite(plan: ScenePlan, { width, height }: SceneGeometry): Buffer {
  const level = Math.round(clamp(255 * plan.backgroundGain, 0, 255));
  return Buffer.alloc(width * height * 3, level);
}

/**
 * Renders the scene to raw RGB at the given size: the backdrop, the surface texture laid in
 * perspective, reflections on glossy surfaces, depth of field, then what sits in front of it
 * (lights out of focus, window light, a podium) and the light's colour, contrast and vignette.
 */
export async function renderScene(
  plan: ScenePlan,
  geometry: SceneGeometry,
  seed: number,
  quality: RenderQuality = "fast",
): Promise<Buffer> {
  if (plan.setting === "white") return plainWhite(plan, geometry);
  const { width, height } = geometry;
  const factor = Math.min(1, RENDER_MAX_SIDE[quality] / Math.max(width, height));
  const drawn = drawnGeometry(geometry, factor);
  const surfaceAt = { ...drawn, horizon: plan.camera.topDown ? 0 : drawn.horizon };

  // Small pictures need no big texture: a power of two about half the picture's side.
  const side = Math.max(drawn.width, drawn.height);
  const tileSize = Math.min(TILE_SIZE[quality], 2 ** Math.max(6, Math.ceil(Math.log2(side * 0.5))));
  const tileRandom = seededRandom(seed ^ hashString(plan.material));
  // A backdrop that will be thrown out of focus, or a smooth studio sweep, needs no fine detail.
  const smooth = plan.backdrop === "studio" && !plan.neon;
  const backdropScale = (plan.camera.bokeh >= 0.5 || smooth) && !plan.camera.topDown ? 0.5 : 1;
  const [frame, tile] = await Promise.all([
    rasterise(sceneSvg(plan, drawn, seed, quality), 3, drawn, backdropScale),
    // A photographed surface, else a drawn one: tiles and planks are drawn to repeat exactly;
    // noise needs its edges blended away.
    photoTexture(plan, tileSize).then(
      (photo) =>
        photo ??
        surfaceTexture(
          surfaceTileSvg(plan, tileSize, (seed >>> 0) % 10_000, tileRandom, quality),
          plan.material === "tiles" || plan.material === "wood",
        ),
    ),
  ]);
  const vanishingX = drawn.width * (0.5 + (lightSide(plan, seed) - 0.5) * 0.2);
  paintSurface(frame, surfaceAt, plan, tile, plan.floor[0], vanishingX);
  let focused = await depthOfField(frame, surfaceAt, plan, quality);
  // After the depth of field: a surface mirrors the backdrop as the camera sees it, soft.
  reflect(focused, surfaceAt, plan, seed);
  const front = foregroundSvg(plan, drawn, seed, quality);
  if (front) over(focused, await rasterise(front, 4, drawn));
  finish(focused, surfaceAt, plan, seed);
  if (factor < 1) {
    focused = await sharp(focused, {
      raw: { width: drawn.width, height: drawn.height, channels: 3 },
    })
      .resize(width, height, { fit: "fill", kernel: "mitchell" })
      .raw()
      .toBuffer();
  }
  return focused;
}
