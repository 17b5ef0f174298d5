import { mix, type Rgb, scale, toHex, WHITE } from "../../../common/index.ts";
import type { SceneProp } from "../../../types.ts";
import { type Canvas, ellipse, fixed, type Random } from "../svg.ts";
import { grainFilter } from "./grain.ts";
import { depthScale, focusBlur, groundShadow, propRandom, type Spot } from "./placement.ts";

/** Citrus beside the subject: two whole fruit and one cut in half, lying cut face up. */

type Kind = { peel: Rgb; flesh: Rgb /** length ÷ height */; long: number; size: number };

const KINDS: Partial<Record<SceneProp, Kind>> = {
  lemons: { peel: [248, 208, 46], flesh: [246, 224, 120], long: 1.32, size: 1 },
  oranges: { peel: [238, 130, 28], flesh: [244, 152, 60], long: 1.03, size: 1.08 },
  limes: { peel: [126, 170, 54], flesh: [196, 220, 120], long: 1.15, size: 0.84 },
};

export const FRUIT: SceneProp[] = ["lemons", "oranges", "limes"];

/** A whole fruit's outline around (0, 0): a lemon's nubs at both ends, an orange round. */
function outline(a: number, b: number, nubs: boolean): string {
  const n = nubs ? 1.1 : 1;
  return `M${fixed(-a * n)} 0 Q${fixed(-a)} ${fixed(-b * 0.3)} ${fixed(-a * 0.84)} ${fixed(-b * 0.58)} C${fixed(-a * 0.55)} ${fixed(-b * 1.04)} ${fixed(a * 0.55)} ${fixed(-b * 1.04)} ${fixed(a * 0.84)} ${fixed(-b * 0.58)} Q${fixed(a)} ${fixed(-b * 0.3)} ${fixed(a * n)} 0 Q${fixed(a)} ${fixed(b * 0.3)} ${fixed(a * 0.84)} ${fixed(b * 0.58)} C${fixed(a * 0.55)} ${fixed(b * 1.04)} ${fixed(-a * 0.55)} ${fixed(b * 1.04)} ${fixed(-a * 0.84)} ${fixed(b * 0.58)} Q${fixed(-a)} ${fixed(b * 0.3)} ${fixed(-a * n)} 0 Z`;
}

/**
 * A round, waxy peel: lit toward the light and from above, deep on the far side, a little
 * light bounced back from the table along its underside.
 */
function peelDefs(id: string, peel: Rgb, lightOnLeft: boolean): string {
  const fx = lightOnLeft ? 0.32 : 0.68;
  // Shade on a coloured peel is the peel's colour deepened toward orange-brown, not grey.
  const shade = mix(scale(peel, 0.78), [200, 110, 20], 0.2);
  const deep = mix(scale(peel, 0.55), [120, 70, 10], 0.3);
  return `<radialGradient id="${id}" cx="${fx}" cy="0.32" r="0.8" fx="${fx}" fy="0.22"><stop offset="0" stop-color="${toHex(mix(peel, WHITE, 0.45))}"/><stop offset="0.3" stop-color="${toHex(peel)}"/><stop offset="0.75" stop-color="${toHex(shade)}"/><stop offset="1" stop-color="${toHex(deep)}"/></radialGradient><linearGradient id="${id}bounce" x1="0" y1="0" x2="0" y2="1"><stop offset="0.7" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="0.12"/></linearGradient>`;
}

function wholeFruit(
  kind: Kind,
  id: string,
  x: number,
  y: number,
  r: number,
  tilt: number,
  lightOnLeft: boolean,
) {
  const a = r * kind.long;
  const b = r;
  const shape = outline(a, b, kind.long > 1.2);
  const glint = lightOnLeft ? -a * 0.32 : a * 0.32;
  return `<g transform="translate(${fixed(x)} ${fixed(y - b * 0.96)}) rotate(${fixed(tilt)})"><path d="${shape}" fill="url(#${id})" filter="url(#peelpores)"/><path d="${shape}" fill="url(#${id}bounce)"/>${ellipse(glint, -b * 0.52, a * 0.16, b * 0.07, "#fff", 'opacity="0.75"')}${ellipse(glint, -b * 0.5, a * 0.32, b * 0.16, "#fff", 'opacity="0.18"')}</g>`;
}

/** A half lying cut face up: the peel's dome under an oval face of pith, segments and centre. */
function cutHalf(
  kind: Kind,
  id: string,
  x: number,
  y: number,
  r: number,
  random: Random,
  topDown: boolean,
) {
  const flatten = topDown ? 1 : 0.46;
  const face = r * 1.02;
  const rise = topDown ? 0 : r * 0.78;
  const segments: string[] = [];
  const membranes: string[] = [];
  const count = 9 + Math.floor(random() * 3);
  const turn = random() * Math.PI;
  const p = (angle: number, radius: number) =>
    `${fixed(Math.cos(angle) * radius)} ${fixed(Math.sin(angle) * radius * flatten)}`;
  for (let i = 0; i < count; i++) {
    const from = turn + (i / count) * Math.PI * 2;
    const to = turn + ((i + 1) / count) * Math.PI * 2;
    const inner = face * 0.12;
    const outer = face * 0.8;
    segments.push(
      `M${p(from + 0.04, inner)} L${p(from + 0.03, outer)} Q${p((from + to) / 2, outer * 1.06)} ${p(to - 0.03, outer)} L${p(to - 0.04, inner)} Z`,
    );
    membranes.push(`M${p(from, inner)} L${p(from, outer * 1.02)}`);
  }
  const pith = toHex(mix(kind.flesh, WHITE, 0.72));
  const dome = `M${fixed(-face)} 0 A${fixed(face)} ${fixed(rise)} 0 0 0 ${fixed(face)} 0 Z`;
  return `<g transform="translate(${fixed(x)} ${fixed(y - rise)})"><path d="${dome}" fill="url(#${id})" filter="url(#peelpores)"/>${ellipse(0, 0, face, face * flatten, toHex(kind.peel))}${ellipse(0, 0, face * 0.93, face * 0.93 * flatten, pith)}<path d="${segments.join(" ")}" fill="url(#${id}flesh)"/><path d="${membranes.join(" ")}" stroke="${pith}" stroke-width="${fixed(face * 0.03)}" opacity="0.8"/>${ellipse(0, 0, face * 0.1, face * 0.1 * flatten, pith)}${ellipse(-face * 0.25, -face * 0.3 * flatten, face * 0.3, face * 0.08, "#fff", 'opacity="0.22"')}</g>`;
}

/** The citrus props present, as one group: two whole fruit and a cut half out in front. */
export function fruitProp(canvas: Canvas, kinds: SceneProp[], spot: Spot): string {
  const random = propRandom(canvas, kinds[0] ?? "lemons");
  const topDown = canvas.plan.camera.topDown;
  const lightOnLeft = canvas.lightX < spot.edge;
  const defs: string[] = [grainFilter("peelpores", spot.unit * 0.025, 0.045, 7)];
  for (const name of kinds) {
    const kind = KINDS[name];
    if (!kind) continue;
    defs.push(peelDefs(`peel${name}`, kind.peel, lightOnLeft));
    defs.push(
      `<radialGradient id="peel${name}flesh"><stop offset="0" stop-color="${toHex(mix(kind.flesh, WHITE, 0.4))}"/><stop offset="0.7" stop-color="${toHex(kind.flesh)}"/><stop offset="1" stop-color="${toHex(scale(kind.flesh, 0.9))}"/></radialGradient>`,
    );
  }
  const kindAt = (i: number) => kinds[i % kinds.length] ?? "lemons";
  const r = spot.unit * 0.4;
  const sized = [0, 1, 2].map((i) => {
    const kind = kindAt(i);
    const k = KINDS[kind];
    const size = r * (k?.size ?? 1) * (0.92 + random() * 0.16);
    // Half its width across: a whole lemon lies long, a cut half is round.
    return { kind, k, size, half: size * (i < 2 ? (k?.long ?? 1) * 1.1 : 1.05), whole: i < 2 };
  });
  const [first, second, cut] = sized;
  if (!first || !second || !cut) return "";
  // Out from the subject's side: the nearest fruit just clear of it, the next behind and
  // further out, the cut half in front between them.
  const x0 = spot.edge + spot.side * (spot.unit * 0.15 + first.half);
  const x1 = x0 + spot.side * (first.half + second.half) * 0.85;
  const depth = topDown ? 1.6 : 1;
  // Further back is smaller, nearer larger.
  const at = (fruit: typeof first, x: number, y: number) => {
    const s = topDown ? 1 : depthScale(canvas, y) / depthScale(canvas, spot.y);
    return { ...fruit, size: fruit.size * s, half: fruit.half * s, x, y };
  };
  const placed = [
    at(first, x0, spot.y - r * 0.3 * depth),
    at(second, x1, spot.y - r * 0.75 * depth),
    at(cut, (x0 + x1) / 2 + spot.side * cut.half * 0.3, spot.y + r * 0.55 * depth),
  ];
  const shapes = placed
    .sort((p, q) => p.y - q.y)
    .map(({ whole, kind, k, size, half, x, y }) => {
      if (!k) return "";
      // A soft shadow around, and a dark line where the fruit touches the surface.
      const shadow =
        groundShadow(canvas, x, y - size * 0.06, half * 1.1, size * 0.26) +
        ellipse(x, y - size * 0.03, half * 0.62, size * 0.07, "#000", 'opacity="0.45"');
      const body = whole
        ? wholeFruit(k, `peel${kind}`, x, y, size, (random() - 0.5) * 8, lightOnLeft)
        : cutHalf(k, `peel${kind}`, x, y, size, random, topDown);
      return shadow + body;
    });
  const blur = focusBlur(canvas, "fruitfocus", spot.y);
  return `<defs>${defs.join("")}${blur.defs}</defs><g ${blur.attr}>${shapes.join("")}</g>`;
}
