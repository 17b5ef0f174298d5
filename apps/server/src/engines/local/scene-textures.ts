import { mix, type Rgb, scale, toHex } from "./color.ts";
import type { SceneMaterial, ScenePlan } from "./scene-plan.ts";

/**
 * The picture's size and where the floor meets the backdrop, in pixels; `subject` is where the
 * subject will stand (so a podium or a pool of light can be drawn under it).
 */
export type SceneGeometry = {
  width: number;
  height: number;
  horizon: number;
  subject?: { left: number; top: number; right: number; bottom: number };
};

type Random = () => number;

const fixed = (value: number) => value.toFixed(1);

/** Fractal noise mapped to a colour at some opacity, as an SVG filter. */
function noiseFilter(
  id: string,
  frequency: string,
  octaves: number,
  colour: Rgb,
  opacity: number,
  seed: number,
) {
  const [r, g, b] = colour.map((c) => (c / 255).toFixed(3));
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%">
  <feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="${octaves}" seed="${seed}"/>
  <feColorMatrix type="matrix" values="0 0 0 0 ${r} 0 0 0 0 ${g} 0 0 0 0 ${b} ${fixed(opacity * 4)} 0 0 0 ${fixed(-opacity * 1.6)}"/>
</filter>`;
}

function floorRect({ width, height, horizon }: SceneGeometry, attributes: string): string {
  return `<rect x="0" y="${fixed(horizon)}" width="${width}" height="${fixed(height - horizon)}" ${attributes}/>`;
}

/** A vein wanders across the slab in small random steps, thinning as it goes. */
function vein(geometry: SceneGeometry, random: Random, colour: string): string {
  const { width, height, horizon } = geometry;
  const depth = height - horizon;
  let x = -width * 0.05;
  let y = horizon + random() * depth;
  let heading = (random() - 0.5) * 0.9;
  const step = width / 14;
  let d = `M${fixed(x)} ${fixed(y)}`;
  while (x < width * 1.05) {
    heading += (random() - 0.5) * 0.8;
    heading = Math.max(-0.9, Math.min(0.9, heading));
    const nx = x + step * Math.cos(heading);
    const ny = y + step * Math.sin(heading) * 0.6;
    d += ` Q${fixed(x + (nx - x) / 2 + (random() - 0.5) * step * 0.4)} ${fixed((y + ny) / 2 + (random() - 0.5) * step * 0.4)} ${fixed(nx)} ${fixed(ny)}`;
    x = nx;
    y = ny;
  }
  const nearness = Math.min(1, Math.max(0, (y - horizon) / depth));
  const stroke = Math.max(0.5, width / 700) * (0.8 + random() * 2) * (0.6 + nearness);
  const opacity = (0.12 + random() * 0.22).toFixed(2);
  return `<path d="${d}" stroke="${colour}" stroke-width="${fixed(stroke)}" stroke-opacity="${opacity}" fill="none" stroke-linecap="round"/>`;
}

function marble(geometry: SceneGeometry, plan: ScenePlan, random: Random, seed: number) {
  const { width } = geometry;
  const colour = toHex(scale(plan.floor[1], 0.6));
  const veins = Array.from({ length: 7 }, () => vein(geometry, random, colour));
  const hairlines = Array.from({ length: 10 }, () =>
    vein(geometry, random, colour).replace(/stroke-width="[\d.]+"/, 'stroke-width="0.6"'),
  );
  return {
    defs: `${noiseFilter("clouds", `${(2.5 / width).toFixed(4)} ${(7 / width).toFixed(4)}`, 4, scale(plan.floor[1], 0.82), 0.4, seed)}
<filter id="veinblur" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${fixed(Math.max(0.5, width / 1000))}"/></filter>`,
    body: `${floorRect(geometry, 'filter="url(#clouds)"')}<g filter="url(#veinblur)" clip-path="url(#floorclip)">${veins.join("")}${hairlines.join("")}</g>`,
  };
}

function wood(geometry: SceneGeometry, plan: ScenePlan, random: Random, seed: number) {
  const { width, height, horizon } = geometry;
  const seam = toHex(scale(plan.floor[1], 0.45));
  const lines: string[] = [];
  // Board seams get further apart toward the viewer, which reads as a receding floor.
  for (let i = 1; i < 14; i++) {
    const y = horizon + (height - horizon) * (i / 14) ** 1.7;
    lines.push(
      `<line x1="0" x2="${width}" y1="${fixed(y)}" y2="${fixed(y)}" stroke="${seam}" stroke-width="${fixed(0.6 + (i / 14) * Math.max(1, width / 500))}" stroke-opacity="${(0.35 + random() * 0.2).toFixed(2)}"/>`,
    );
  }
  return {
    defs: noiseFilter(
      "grain",
      `${(0.6 / width).toFixed(4)} ${(90 / height).toFixed(4)}`,
      3,
      scale(plan.floor[1], 0.55),
      0.45,
      seed,
    ),
    body: `${floorRect(geometry, 'filter="url(#grain)"')}${lines.join("")}`,
  };
}

function grainy(
  geometry: SceneGeometry,
  colour: Rgb,
  frequency: string,
  opacity: number,
  seed: number,
) {
  return {
    defs: noiseFilter("grain", frequency, 3, colour, opacity, seed),
    body: floorRect(geometry, 'filter="url(#grain)"'),
  };
}

function sand(geometry: SceneGeometry, plan: ScenePlan, random: Random, seed: number) {
  const { width, height, horizon } = geometry;
  const ripples: string[] = [];
  const shade = toHex(scale(plan.floor[1], 0.8));
  for (let i = 0; i < 7; i++) {
    const y = horizon + (height - horizon) * (0.1 + random() * 0.9);
    const wave = (height - horizon) * 0.03;
    ripples.push(
      `<path d="M0 ${fixed(y)} Q${fixed(width * 0.25)} ${fixed(y - wave)} ${fixed(width * 0.5)} ${fixed(y)} T${width} ${fixed(y)}" stroke="${shade}" stroke-width="${fixed(Math.max(1, width / 300))}" stroke-opacity="0.25" fill="none"/>`,
    );
  }
  const grain = grainy(geometry, scale(plan.floor[1], 0.7), "0.9", 0.3, seed);
  return {
    defs: `${grain.defs}<filter id="soft"><feGaussianBlur stdDeviation="${fixed(width / 250)}"/></filter>`,
    body: `${grain.body}<g filter="url(#soft)">${ripples.join("")}</g>`,
  };
}

/** The floor's texture: SVG defs plus what to draw over the floor's gradient. */
export function floorTexture(
  material: SceneMaterial,
  geometry: SceneGeometry,
  plan: ScenePlan,
  random: Random,
  seed: number,
): { defs: string; body: string } {
  const { width, height } = geometry;
  switch (material) {
    case "marble":
      return marble(geometry, plan, random, seed);
    case "wood":
      return wood(geometry, plan, random, seed);
    case "sand":
      return sand(geometry, plan, random, seed);
    case "grass":
      return grainy(
        geometry,
        scale(plan.floor[1], 0.6),
        `${(300 / width).toFixed(4)} ${(40 / height).toFixed(4)}`,
        0.5,
        seed,
      );
    case "stone":
      return grainy(geometry, scale(plan.floor[1], 0.7), `${(20 / width).toFixed(4)}`, 0.35, seed);
    case "snow":
      return grainy(
        geometry,
        mix(plan.floor[1], [150, 170, 200], 0.5),
        `${(10 / width).toFixed(4)}`,
        0.25,
        seed,
      );
    default:
      // concrete, linen, tiles, glass and water are drawn plain until the scene renders them
      return grainy(geometry, scale(plan.floor[1], 0.85), `${(6 / width).toFixed(4)}`, 0.12, seed);
  }
}
