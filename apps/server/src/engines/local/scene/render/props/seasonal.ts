import { mix, type Rgb, scale, toHex } from "../../../common/index.ts";
import type { Bounds } from "../../../types.ts";
import { type Canvas, ellipse, fixed, type Random } from "../svg.ts";
import { baseUnit, depthScale, groundShadow, keepOut, propRandom } from "./placement.ts";

/** Seasonal props lying on the floor: pine branches with cones, and fallen autumn leaves. */

/** Needles along a line from (x1, y1) to (x2, y2), angled toward its tip, as path segments. */
function needles(x1: number, y1: number, x2: number, y2: number, size: number, random: Random) {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const dir = Math.atan2(y2 - y1, x2 - x1);
  const step = size * 0.042;
  const parts: string[] = [];
  for (let d = 0; d < length; d += step) {
    const x = x1 + Math.cos(dir) * d;
    const y = y1 + Math.sin(dir) * d;
    const n = size * (0.2 + random() * 0.1) * (1 - (d / length) * 0.4);
    // Needles stand all round the twig: some lie flat, some rise toward the camera's eye.
    for (const sign of [-1, 1]) {
      const a = dir + sign * (0.45 + random() * 0.6);
      const rise = random() * n * 0.45;
      parts.push(
        `M${fixed(x)} ${fixed(y)}l${fixed(Math.cos(a) * n)} ${fixed(Math.sin(a) * n - rise)}`,
      );
    }
  }
  return parts.join("");
}

/**
 * A fir or pine branch lying on the floor from (x, y) along `angle` (in the floor's plane):
 * its twigs follow the floor's foreshortening, its needles stand up from them.
 */
function branch(
  x: number,
  y: number,
  angle: number,
  squash: number,
  size: number,
  length: number,
  random: Random,
) {
  const at = (u: number, v: number): [number, number] => [
    x + Math.cos(angle) * u - Math.sin(angle) * v,
    y + (Math.sin(angle) * u + Math.cos(angle) * v) * squash,
  ];
  const bow = (random() - 0.5) * size * 0.4;
  const main: [number, number, number, number][] = [
    [...at(0, 0), ...at(length * 0.5, bow)],
    [...at(length * 0.5, bow), ...at(length, bow * 0.4)],
  ];
  const twigs: [number, number, number, number][] = [];
  for (let i = 0; i < 5; i++) {
    const t = 0.18 + i * 0.15 + random() * 0.05;
    const u = length * t;
    const v = bow * Math.sin(Math.PI * t);
    const turn = (i % 2 ? 1 : -1) * (0.5 + random() * 0.35);
    const l = length * (0.34 - i * 0.045);
    twigs.push([...at(u, v), ...at(u + Math.cos(turn) * l, v + Math.sin(turn) * l)]);
  }
  const all = [...main, ...twigs];
  const dark = all.map(([x1, y1, x2, y2]) => needles(x1, y1, x2, y2, size, random)).join("");
  // Lighter needles on top, along the main stem: the branch's upper side catching the light.
  const light = main
    .map(([x1, y1, x2, y2]) =>
      needles(x1, y1 - size * 0.03, x2, y2 - size * 0.03, size * 0.85, random),
    )
    .join("");
  const stems = all
    .map(([x1, y1, x2, y2]) => `M${fixed(x1)} ${fixed(y1)}L${fixed(x2)} ${fixed(y2)}`)
    .join("");
  const w = size * 0.022;
  return `<path d="${stems}" stroke="#5a3d26" stroke-width="${fixed(w * 1.6)}" stroke-linecap="round"/><path d="${dark}" stroke="#1f3a26" stroke-width="${fixed(w)}" stroke-linecap="round"/><path d="${light}" stroke="#3d6a3e" stroke-width="${fixed(w * 0.8)}" stroke-linecap="round" opacity="0.9"/>`;
}

/** A pine cone lying on its side, its base toward +x: rows of woody scales over a dark core. */
function cone(canvas: Canvas, x: number, y: number, size: number, random: Random): string {
  const a = size * 0.5;
  const b = size * 0.28;
  const lightOnLeft = canvas.lightX < x;
  const scales: string[] = [];
  const rows = 7;
  for (let row = 0; row < rows; row++) {
    // From the tip (left) to the base (right), the scales grow and open.
    const t = row / (rows - 1);
    const cx = -a * 0.85 + t * a * 1.7;
    const girth = b * Math.sqrt(Math.max(0.15, 1 - (cx / a) ** 2));
    const w = a * (0.12 + t * 0.1);
    for (let k = -1; k <= 1; k++) {
      const cy = k * girth * 0.62 + (row % 2 ? girth * 0.3 : 0);
      if (Math.abs(cy) > girth) continue;
      const tone = scale([132, 86, 48], 0.75 + random() * 0.35 - (k === 1 ? 0.15 : 0));
      scales.push(
        `<path d="M${fixed(cx - w)} ${fixed(cy)} Q${fixed(cx)} ${fixed(cy - w * 0.9)} ${fixed(cx + w)} ${fixed(cy)} Q${fixed(cx)} ${fixed(cy + w * 0.6)} ${fixed(cx - w)} ${fixed(cy)} Z" fill="${toHex(tone)}"/><path d="M${fixed(cx + w * 0.2)} ${fixed(cy - w * 0.35)} L${fixed(cx + w)} ${fixed(cy)}" stroke="#e6c49a" stroke-width="${fixed(w * 0.16)}" opacity="0.45"/>`,
      );
    }
  }
  const lit = lightOnLeft ? -a * 0.3 : a * 0.3;
  return `${groundShadow(canvas, x, y + b * 0.85, a * 1.05, b * 0.4)}<g transform="translate(${fixed(x)} ${fixed(y)}) rotate(${fixed((random() - 0.5) * 30)})">${ellipse(0, 0, a, b, "#3a2414")}${scales.join("")}${ellipse(lit, -b * 0.4, a * 0.55, b * 0.3, "#fff", 'opacity="0.1"')}</g>`;
}

/** Pine branches reaching in from the picture's sides toward the subject, with a few cones. */
export function pineBranches(canvas: Canvas): string {
  const random = propRandom(canvas, "pine branches");
  const { width, height, horizon } = canvas.geometry;
  const box = keepOut(canvas);
  const topDown = canvas.plan.camera.topDown;
  const squash = topDown ? 1 : 0.5;
  const shadows: string[] = [];
  const parts: { y: number; svg: string }[] = [];
  for (const side of [-1, 1] as const) {
    const edge = side === -1 ? box.left : box.right;
    const frame = side === -1 ? 0 : width;
    const rows = topDown ? [0.15, 0.55, 0.95] : [0.45, 0.8, 1.08];
    for (const row of rows) {
      const y = topDown
        ? box.top + (box.bottom - box.top) * row
        : Math.min(height * 0.98, horizon + (box.bottom - horizon) * row);
      const size = baseUnit(canvas) * depthScale(canvas, y) * 1.5;
      // From past the frame's edge to just short of the subject.
      const start = frame + side * size * 0.6;
      const reach = Math.abs(edge - start) - size * 0.35;
      if (reach < size * 0.9) continue;
      const tilt = (random() - 0.5) * 0.6 + (row > 1 ? 0.35 : 0);
      const angle = side === -1 ? tilt : Math.PI - tilt;
      const length = Math.min(reach, size * 4.5) * 0.92;
      const [x, yy] = [start, y];
      // A soft shadow under the branch: wide faint strokes under narrower, darker ones.
      const along = `M${fixed(x)} ${fixed(yy + size * 0.1)} l${fixed(Math.cos(angle) * length)} ${fixed(Math.sin(angle) * length * squash)}`;
      for (const [w, o] of [
        [0.7, 0.05],
        [0.45, 0.06],
        [0.22, 0.07],
      ] as const) {
        shadows.push(
          `<path d="${along}" stroke="#000" stroke-opacity="${o}" stroke-width="${fixed(size * w)}" stroke-linecap="round"/>`,
        );
      }
      parts.push({ y, svg: branch(x, yy, angle, squash, size, length, random) });
      // A cone or two by the middle branch on each side.
      if (row === rows[1] && random() < 0.85) {
        const cx = edge + side * size * (0.7 + random() * 0.4);
        const cy = y + size * (0.25 + random() * 0.2);
        parts.push({ y: cy, svg: cone(canvas, cx, cy, size * 0.55, random) });
      }
    }
  }
  const drawn = parts.sort((a, b) => a.y - b.y).map((part) => part.svg);
  return `${shadows.join("")}${drawn.join("")}`;
}

const AUTUMN: Rgb[] = [
  [186, 58, 36],
  [206, 88, 24],
  [226, 128, 38],
  [232, 164, 56],
  [196, 150, 46],
  [140, 86, 42],
  [164, 64, 34],
];

/** A maple leaf's five lobes: their directions (degrees, 90 is down) and lengths. */
const MAPLE_LOBES = [
  { deg: -90, reach: 1 },
  { deg: -35, reach: 0.85 },
  { deg: 20, reach: 0.55 },
  { deg: 160, reach: 0.55 },
  { deg: 215, reach: 0.85 },
];

/** A five-lobed maple leaf around (0, 0), its stalk pointing down. */
function mapleLeaf(r: number): string {
  const sorted = MAPLE_LOBES;
  const point = (deg: number, radius: number) => {
    const a = (deg * Math.PI) / 180;
    return `${fixed(Math.cos(a) * radius * r)} ${fixed(Math.sin(a) * radius * r)}`;
  };
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const lobe = sorted[i] ?? { deg: 0, reach: 1 };
    const next = sorted[(i + 1) % sorted.length] ?? lobe;
    const gap = ((next.deg - lobe.deg + 360) % 360) / 2;
    parts.push(
      `${i === 0 ? "M" : "L"}${point(lobe.deg - 9, lobe.reach * 0.62)} L${point(lobe.deg, lobe.reach)} L${point(lobe.deg + 9, lobe.reach * 0.62)}`,
    );
    parts.push(
      `Q${point(lobe.deg + gap, 0.5)} ${point(lobe.deg + gap * 2 - 9, next.reach * 0.62)}`,
    );
  }
  return `${parts.join(" ")} Z`;
}

/** An oval leaf (beech, birch) around (0, 0), pointing up. */
function oval(r: number): string {
  return `M0 ${fixed(r)} C${fixed(r * 0.75)} ${fixed(r * 0.5)} ${fixed(r * 0.6)} ${fixed(-r * 0.6)} 0 ${fixed(-r)} C${fixed(-r * 0.6)} ${fixed(-r * 0.6)} ${fixed(-r * 0.75)} ${fixed(r * 0.5)} 0 ${fixed(r)} Z`;
}

const overlaps = (x: number, y: number, r: number, box: Bounds) =>
  x + r > box.left && x - r < box.right && y + r > box.top && y - r < box.bottom;

/** Fallen leaves scattered on the floor around the subject, denser toward the camera. */
export function autumnLeaves(canvas: Canvas): string {
  const random = propRandom(canvas, "autumn leaves");
  const { width, height, horizon } = canvas.geometry;
  const box = keepOut(canvas);
  const topDown = canvas.plan.camera.topDown;
  const top = topDown ? 0 : horizon;
  const unit = baseUnit(canvas);
  const pick = () => AUTUMN[Math.floor(random() * AUTUMN.length)] ?? [200, 100, 40];
  const leaves: { y: number; svg: string }[] = [];
  const defs: string[] = [];
  for (let tries = 0; tries < 200 && leaves.length < 30; tries++) {
    const x = random() * width;
    const y = top + (height - top) * (topDown ? random() : random() ** 0.55);
    const r = unit * Math.min(1.15, depthScale(canvas, y)) * (0.4 + random() * 0.25);
    if (overlaps(x, y, r * 1.05, box)) continue;
    // Two colours across each leaf: autumn turns a leaf unevenly.
    const id = `autumn${leaves.length}`;
    // Leaves on the floor take a little of its colour and light.
    const [a, b] = [
      mix(pick(), canvas.plan.floor[0], 0.12),
      mix(pick(), canvas.plan.floor[0], 0.12),
    ];
    defs.push(
      `<linearGradient id="${id}" x1="${random().toFixed(2)}" y1="0" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${toHex(a)}"/><stop offset="1" stop-color="${toHex(mix(a, b, 0.7))}"/></linearGradient>`,
    );
    const maple = random() < 0.6;
    const shape = maple ? mapleLeaf(r) : oval(r * 0.9);
    // Some lie flat, some curl up off the floor and are seen less foreshortened.
    const squash = topDown ? 1 : 0.42 + random() * 0.3;
    const turn = `translate(${fixed(x)} ${fixed(y)}) scale(1 ${squash.toFixed(2)}) rotate(${fixed(random() * 360)})`;
    const vein = toHex(mix(a, [250, 224, 160], 0.45));
    const veins = maple
      ? MAPLE_LOBES.map(({ deg, reach }) => {
          const t = (deg * Math.PI) / 180;
          return `M0 ${fixed(r * 0.2)} L${fixed(Math.cos(t) * r * reach * 0.8)} ${fixed(Math.sin(t) * r * reach * 0.8)}`;
        }).join("")
      : `M0 ${fixed(r * 0.9)} L0 ${fixed(-r * 0.8)}`;
    const stalk = `M0 ${fixed(r * 0.2)} L${fixed(r * 0.08)} ${fixed(r * 0.75)}`;
    leaves.push({
      y,
      svg: `${groundShadow(canvas, x, y + r * 0.1 * squash, r * 0.9, r * squash * 0.7)}<g transform="${turn}"><path d="${shape}" fill="url(#${id})" stroke="${toHex(scale(a, 0.6))}" stroke-width="${fixed(r * 0.03)}" stroke-opacity="0.6"/><path d="${veins}${stalk}" stroke="${vein}" stroke-width="${fixed(r * 0.025)}" opacity="0.4" fill="none"/><path d="${shape}" fill="url(#leafhalf)"/></g>`,
    });
  }
  // One half of each leaf a little darker, as if folded along the midrib.
  const half =
    '<linearGradient id="leafhalf" x1="0" y1="0" x2="1" y2="0"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.14"/></linearGradient>';
  return `<defs>${half}${defs.join("")}</defs>${leaves
    .sort((a, b) => a.y - b.y)
    .map((leaf) => leaf.svg)
    .join("")}`;
}
