import { mix, type Rgb, scale, toHex, WHITE } from "../../../common/index.ts";
import { type Canvas, fixed, type Random } from "../svg.ts";
import { grainFilter } from "./grain.ts";
import { focusBlur, groundShadow, propRandom, type Spot } from "./placement.ts";

/** Smooth river stones: a small balanced stack beside the subject and a few lying in front. */

const STONES: Rgb[] = [
  [138, 134, 128],
  [186, 181, 172],
  [96, 94, 92],
  [214, 209, 200],
  [120, 112, 102],
];

/** A smooth stone's side view around (0, 0): flatter below, where it rests. */
function stoneShape(rx: number, ry: number, random: Random): string {
  const lift = 0.85 + random() * 0.25;
  const lean = (random() - 0.5) * 0.3;
  return `M${fixed(-rx)} ${fixed(ry * 0.15)} C${fixed(-rx)} ${fixed(-ry * lift)} ${fixed(rx * (0.2 + lean))} ${fixed(-ry * 1.15 * lift)} ${fixed(rx)} ${fixed(-ry * 0.05)} C${fixed(rx * 1.02)} ${fixed(ry * 0.6)} ${fixed(rx * 0.4)} ${fixed(ry * 0.78)} 0 ${fixed(ry * 0.8)} C${fixed(-rx * 0.5)} ${fixed(ry * 0.8)} ${fixed(-rx)} ${fixed(ry * 0.55)} ${fixed(-rx)} ${fixed(ry * 0.15)} Z`;
}

type Stone = { x: number; y: number; rx: number; ry: number; colour: Rgb; tilt: number };

function stoneSvg(stone: Stone, index: number, lightOnLeft: boolean, random: Random): string {
  const id = `stone${index}`;
  const { colour } = stone;
  const fx = lightOnLeft ? 0.32 : 0.68;
  const gradient = `<radialGradient id="${id}" cx="${fx}" cy="0.15" r="1" fx="${fx}" fy="0.05"><stop offset="0" stop-color="${toHex(mix(colour, WHITE, 0.35))}"/><stop offset="0.45" stop-color="${toHex(colour)}"/><stop offset="0.85" stop-color="${toHex(scale(colour, 0.6))}"/><stop offset="1" stop-color="${toHex(scale(colour, 0.45))}"/></radialGradient>`;
  const shape = stoneShape(stone.rx, stone.ry, random);
  return `<defs>${gradient}</defs><g transform="translate(${fixed(stone.x)} ${fixed(stone.y)}) rotate(${fixed(stone.tilt)})"><path d="${shape}" fill="url(#${id})"/></g>`;
}

/** Pebbles in their spot: a stack of three or four, and two or three loose ones out front. */
export function pebblesProp(canvas: Canvas, spot: Spot): string {
  const random = propRandom(canvas, "pebbles");
  const lightOnLeft = canvas.lightX < spot.edge;
  const topDown = canvas.plan.camera.topDown;
  const u = spot.unit;
  const stones: Stone[] = [];
  const pick = () => STONES[Math.floor(random() * STONES.length)] ?? [140, 136, 130];
  const stackX = spot.edge + spot.side * u * 1.05;
  const shadows: string[] = [];
  if (!topDown) {
    // Balanced, each smaller than the one it rests on.
    let y = spot.y - u * 0.1;
    let rx = u * (0.72 + random() * 0.12);
    const levels = 3 + Math.floor(random() * 2);
    shadows.push(groundShadow(canvas, stackX, y + u * 0.04, rx * 1.2, rx * 0.18));
    for (let i = 0; i < levels; i++) {
      const ry = rx * (0.36 + random() * 0.08);
      stones.push({
        x: stackX + (random() - 0.5) * u * 0.12,
        y,
        rx,
        ry,
        colour: pick(),
        tilt: (random() - 0.5) * 8,
      });
      y -= ry * 1.45;
      rx *= 0.74 + random() * 0.08;
    }
  }
  const loose = topDown ? 6 : 3;
  for (let i = 0; i < loose; i++) {
    const rx = u * (0.35 + random() * 0.3);
    const x = spot.edge + spot.side * (u * (0.6 + random() * (topDown ? 2.4 : 2.2)) + rx);
    const y = topDown ? spot.y + (random() - 0.2) * u * 3 : spot.y + u * (0.35 + random() * 0.35);
    const ry = rx * (topDown ? 0.7 : 0.42);
    shadows.push(groundShadow(canvas, x, y + ry * 0.5, rx * 1.15, ry * 0.5));
    stones.push({ x, y, rx, ry, colour: pick(), tilt: (random() - 0.5) * (topDown ? 180 : 10) });
  }
  // The stack first (it stands further back), then the loose stones from back to front.
  const ordered = [
    ...stones.slice(0, stones.length - loose),
    ...stones.slice(-loose).sort((a, b) => a.y - b.y),
  ];
  const blur = focusBlur(canvas, "pebblefocus", spot.y);
  const body = ordered.map((stone, i) => stoneSvg(stone, i, lightOnLeft, random)).join("");
  const grit = grainFilter("stonegrit", u * 0.03, 0.12, 3);
  // One grit filter over all the stones: each filtered alone costs a noise pass apiece.
  return `<defs>${blur.defs}${grit}</defs><g ${blur.attr}>${shadows.join("")}<g filter="url(#stonegrit)">${body}</g></g>`;
}
