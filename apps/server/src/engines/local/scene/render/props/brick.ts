import { mix, type Rgb, scale, toHex } from "../../../common/index.ts";
import { type Canvas, ellipse, fixed, rect } from "../svg.ts";
import { propRandom } from "./prop-random.ts";

/**
 * An exposed brick wall above the horizon, in the wall's colours (red-brown unless the prompt
 * painted it): staggered courses, each brick a little different, recessed mortar and the soft
 * patches of weathered clay.
 */

const MORTAR: Rgb = [196, 188, 176];
/** How many shades the bricks come in: a path per shade draws hundreds of bricks at once. */
const SHADES = 7;
const BANDS = 4;

export function brickWall(canvas: Canvas): string {
  const random = propRandom(canvas, "brick wall");
  const { geometry, plan } = canvas;
  const { width, height, horizon } = geometry;
  const course = Math.max(4, height * 0.046);
  const length = course * 3.2;
  const joint = Math.max(0.8, course * 0.14);
  const rows = Math.ceil(horizon / course) + 1;
  // Bricks by shade and by height on the wall (the wall's own gradient darkens toward the top).
  const paths: string[][] = Array.from({ length: SHADES * BANDS }, () => []);
  const lit: string[] = [];
  const shaded: string[] = [];
  const box = (x: number, y: number, w: number, h: number) =>
    `M${fixed(x)} ${fixed(y)}h${fixed(w)}v${fixed(h)}h${fixed(-w)}Z`;
  for (let row = 0; row < rows; row++) {
    const y = horizon - (row + 1) * course + joint / 2;
    const band = Math.min(BANDS - 1, Math.floor((row / rows) * BANDS));
    const shift = row % 2 ? length / 2 : 0;
    for (let x = -shift - random() * length * 0.1; x < width; x += length) {
      const shade = Math.floor(random() * SHADES);
      const w = length - joint;
      const h = course - joint;
      paths[band * SHADES + shade]?.push(box(x + joint / 2, y, w, h));
      // Light catches each brick's upper edge; its lower edge shades the joint below.
      lit.push(box(x + joint / 2, y, w, joint * 0.6));
      shaded.push(box(x + joint / 2, y + h - joint * 0.6, w, joint * 0.6));
    }
  }
  const bricks = paths.map((d, i) => {
    const band = Math.floor(i / SHADES);
    const shade = i % SHADES;
    const tone = mix(plan.sky[1], plan.sky[0], band / (BANDS - 1));
    // A few burnt dark bricks, a few pale ones, most near the wall's colour.
    const factor =
      shade === 0 ? 0.72 : shade === SHADES - 1 ? 1.14 : 0.86 + (shade / SHADES) * 0.22;
    const hue = mix(tone, [150, 92, 60], (shade % 3) * 0.06 - 0.06);
    return d.length ? `<path d="${d.join("")}" fill="${toHex(scale(hue, factor))}"/>` : "";
  });
  // Weathering: broad soft patches, lighter and darker, across many bricks.
  const patches: string[] = [];
  for (let i = 0; i < 18; i++) {
    const r = width * (0.05 + random() * 0.1);
    const dark = random() < 0.6;
    patches.push(
      ellipse(
        random() * width,
        random() * horizon,
        r * 1.4,
        r,
        `url(#${dark ? "brickdark" : "bricklight"})`,
      ),
    );
  }
  const soft = (id: string, colour: string, strength: number) =>
    `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${strength}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
  const mortar = toHex(mix(MORTAR, plan.sky[1], 0.35));
  return `<defs>${soft("brickdark", "#2a140a", 0.22)}${soft("bricklight", "#f0e0d0", 0.14)}</defs>${rect(0, 0, width, horizon + 1, mortar)}${bricks.join("")}<path d="${lit.join("")}" fill="#fff" opacity="0.1"/><path d="${shaded.join("")}" fill="#000" opacity="0.18"/><g clip-path="url(#above)">${patches.join("")}</g>`;
}
