import { mix, type Rgb, scale, toHex, WHITE } from "../../../common/index.ts";
import { type Canvas, ellipse, fixed, type Random } from "../svg.ts";

/** A potted houseplant: glazed or terracotta pot, arching stems, leaves shaded along the midrib. */

const LEAF_GREENS: Rgb[] = [
  [52, 92, 50],
  [70, 112, 58],
  [40, 76, 46],
  [86, 124, 66],
];
const POTS: Rgb[] = [
  [190, 104, 66],
  [232, 228, 220],
  [72, 72, 74],
  [176, 186, 160],
];

/** A pointed oval leaf from (0, 0) to (length, 0), and its darker half below the midrib. */
function leafPaths(length: number, width: number): [string, string] {
  const l = length;
  const w = width;
  const whole = `M0 0 C${fixed(l * 0.2)} ${fixed(-w * 1.1)} ${fixed(l * 0.72)} ${fixed(-w * 0.95)} ${fixed(l)} 0 C${fixed(l * 0.72)} ${fixed(w * 0.95)} ${fixed(l * 0.2)} ${fixed(w * 1.1)} 0 0 Z`;
  const half = `M0 0 L${fixed(l)} 0 C${fixed(l * 0.72)} ${fixed(w * 0.95)} ${fixed(l * 0.2)} ${fixed(w * 1.1)} 0 0 Z`;
  return [whole, half];
}

type Leaf = { x: number; y: number; angle: number; length: number; colour: Rgb; stem: string };

function leavesOf(
  canvas: Canvas,
  random: Random,
  at: { x: number; top: number; size: number; away: number; count: number },
  topDown: boolean,
): Leaf[] {
  const { x, top, size, away, count } = at;
  const leaves: Leaf[] = [];
  for (let i = 0; i < count; i++) {
    // Side on, stems fan upward; seen from above they radiate all round.
    const lean = topDown ? random() * Math.PI * 2 : -Math.PI / 2 + (random() - 0.5) * 2.3;
    // Toward the subject (when there is one to keep clear of) the plant grows less far.
    const toward = away !== 0 && Math.cos(lean) * away < 0 ? 0.55 : 1;
    const reach = size * toward * (topDown ? 0.25 + random() * 0.2 : 0.2 + random() * 0.4);
    const sx = x + (random() - 0.5) * size * 0.08;
    const tipX = sx + Math.cos(lean) * reach;
    const tipY = top + Math.sin(lean) * reach * (topDown ? 1 : 0.95);
    const bend = (random() - 0.5) * reach * 0.4;
    const stem = `M${fixed(sx)} ${fixed(top)} Q${fixed((sx + tipX) / 2 + bend)} ${fixed((top + tipY) / 2 - reach * 0.15)} ${fixed(tipX)} ${fixed(tipY)}`;
    // Leaves droop past the stem's direction, more the further out they reach.
    const droop = topDown ? 0 : Math.sign(Math.cos(lean)) * (0.2 + random() * 0.5);
    // Leaves facing the light are brighter; some sit deeper in the foliage, in shade.
    const facing = Math.cos(lean) * (canvas.lightX < x ? -1 : 1) > 0 ? 1.1 : 0.9;
    const lit = facing * (random() < 0.3 ? 0.75 : 1);
    const green = LEAF_GREENS[Math.floor(random() * LEAF_GREENS.length)] ?? [60, 100, 55];
    leaves.push({
      x: tipX,
      y: tipY,
      angle: lean + droop,
      length: size * toward * (0.2 + random() * 0.16),
      colour: mix(scale(green, lit), canvas.plan.light.tint, 0.08),
      stem,
    });
  }
  // Higher leaves are further back: drawn first.
  return topDown ? leaves : leaves.sort((a, b) => a.y - b.y);
}

function pot(canvas: Canvas, x: number, base: number, size: number, colour: Rgb, id: string) {
  const w = size * 0.19;
  const h = size * 0.3;
  const top = base - h;
  const lit = canvas.lightX < x;
  const [a, b] = lit
    ? [mix(colour, WHITE, 0.18), scale(colour, 0.62)]
    : [scale(colour, 0.62), mix(colour, WHITE, 0.18)];
  const body = `M${fixed(x - w)} ${fixed(top)} L${fixed(x + w)} ${fixed(top)} L${fixed(x + w * 0.78)} ${fixed(base)} Q${fixed(x)} ${fixed(base + w * 0.12)} ${fixed(x - w * 0.78)} ${fixed(base)} Z`;
  const gradient = `<linearGradient id="${id}pot" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${toHex(a)}"/><stop offset="0.45" stop-color="${toHex(mix(a, b, 0.35))}"/><stop offset="1" stop-color="${toHex(b)}"/></linearGradient>`;
  const rim = `M${fixed(x - w * 1.04)} ${fixed(top)} L${fixed(x + w * 1.04)} ${fixed(top)} L${fixed(x + w)} ${fixed(top + h * 0.14)} L${fixed(x - w)} ${fixed(top + h * 0.14)} Z`;
  return {
    top,
    defs: gradient,
    back: ellipse(x, top, w, w * 0.16, toHex([58, 42, 30])),
    front: `<path d="${body}" fill="url(#${id}pot)"/><path d="${rim}" fill="url(#${id}pot)"/><path d="${rim}" fill="#fff" opacity="0.12"/>`,
  };
}

/** Waxy leaves catch the light toward their tips. */
const LEAF_SHINE =
  '<linearGradient id="leafshine" x1="0" y1="0" x2="1" y2="0"><stop offset="0.2" stop-color="#fff" stop-opacity="0"/><stop offset="0.85" stop-color="#fff" stop-opacity="0.16"/></linearGradient>';

/** The leaves on their stems; `fine` adds the shine and the midrib a blurred plant would lose. */
function leafShapes(leaves: Leaf[], stemColour: string, stemWidth: number, fine: boolean): string {
  const drawn = leaves.map((leaf) => {
    const [whole, half] = leafPaths(leaf.length, leaf.length * 0.36);
    const turn = `transform="translate(${fixed(leaf.x)} ${fixed(leaf.y)}) rotate(${fixed((leaf.angle * 180) / Math.PI)})"`;
    const vein = toHex(mix(leaf.colour, [220, 230, 180], 0.35));
    const detail = fine
      ? `<path d="${whole}" fill="url(#leafshine)"/><path d="M0 0 L${fixed(leaf.length * 0.92)} 0" stroke="${vein}" stroke-width="${fixed(stemWidth * 0.6)}" opacity="0.6"/>`
      : "";
    return `<path d="${leaf.stem}" stroke="${stemColour}" stroke-width="${fixed(stemWidth)}" fill="none"/><g ${turn}><path d="${whole}" fill="${toHex(leaf.colour)}"/><path d="${half}" fill="#000" opacity="0.2"/>${detail}</g>`;
  });
  return `${fine ? `<defs>${LEAF_SHINE}</defs>` : ""}${drawn.join("")}`;
}

/** Where a potted plant stands and how it is drawn. */
export type PlantAt = {
  x: number;
  /** The floor row the pot stands on. */
  base: number;
  /** Its height in pixels, leaves and pot. */
  size: number;
  /** A prefix for its gradients' ids. */
  id: string;
  /** -1 or 1: the side it grows toward, away from a subject beside it; 0 all round. */
  away?: number;
  /** Out of focus anyway (a room's backdrop): fewer leaves and no fine detail. */
  blurred?: boolean;
};

/** A potted plant, seen from the side or, in a flat lay, from above. */
export function pottedPlant(canvas: Canvas, random: Random, at: PlantAt): string {
  const { x, base, size, id, away = 0, blurred = false } = at;
  const colour = POTS[Math.floor(random() * POTS.length)] ?? [190, 104, 66];
  if (canvas.plan.camera.topDown) {
    const r = size * 0.2;
    const leaves = leavesOf(canvas, random, { x, top: base, size, away, count: 20 }, true);
    return `${ellipse(x, base, r * 1.1, r * 1.1, toHex(scale(colour, 0.8)))}${ellipse(x, base, r * 0.92, r * 0.92, toHex([58, 42, 30]))}${leafShapes(leaves, "#3f5a34", size * 0.012, true)}`;
  }
  const made = pot(canvas, x, base, size, colour, id);
  const count = blurred ? 22 : 34;
  const leaves = leavesOf(canvas, random, { x, top: made.top, size, away, count }, false);
  return `<defs>${made.defs}</defs>${made.back}${leafShapes(leaves, "#476437", Math.max(0.6, size * 0.008), !blurred)}${made.front}`;
}
