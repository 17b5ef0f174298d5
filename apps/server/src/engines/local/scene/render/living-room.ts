import { mix, type Rgb, scale, toHex, WHITE } from "../../common/index.ts";
import { pottedPlant } from "./props/index.ts";
import { type Canvas, fixed, rect } from "./svg.ts";
import { tableEdge, wallLight, window } from "./walls.ts";

/**
 * A living room behind the subject, out of focus: a window on the light's side, a sofa along the
 * wall with its cushions and two pillows, a framed print above it and a tall plant in the corner.
 */

const SOFAS: Rgb[] = [
  [200, 186, 164],
  [150, 162, 138],
  [118, 132, 150],
  [176, 114, 86],
  [96, 96, 100],
];
const ACCENTS: Rgb[] = [
  [214, 170, 92],
  [236, 228, 214],
  [120, 138, 110],
  [190, 120, 96],
];

/** A rounded box shaded from its lit top to its shaded foot. */
function cushion(x: number, y: number, w: number, h: number, fill: string, radius: number) {
  return `<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(Math.max(0, w))}" height="${fixed(Math.max(0, h))}" rx="${fixed(radius)}" fill="${fill}"/>`;
}

function sofa(canvas: Canvas, left: number, right: number): string {
  const { geometry, plan, random } = canvas;
  const { width, horizon } = geometry;
  const colour = mix(
    SOFAS[Math.floor(random() * SOFAS.length)] ?? [200, 186, 164],
    plan.sky[1],
    0.15,
  );
  const back = horizon * 0.5;
  const seat = horizon * 0.76;
  const arm = (right - left) * 0.08;
  const r = width * 0.012;
  const shade = (amount: number) => toHex(scale(colour, amount));
  const gradient = `<linearGradient id="sofacushion" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${toHex(mix(colour, WHITE, 0.16))}"/><stop offset="1" stop-color="${shade(0.82)}"/></linearGradient>`;
  const parts = [
    cushion(left + arm * 0.5, back, right - left - arm, horizon - back + 2, shade(0.78), r),
  ];
  // Back cushions, then the seat's front, then the arms in front of both.
  const count = right - left > width * 0.45 ? 3 : 2;
  const span = (right - left - arm * 2) / count;
  for (let i = 0; i < count; i++) {
    parts.push(
      cushion(
        left + arm + i * span + span * 0.02,
        back + horizon * 0.025,
        span * 0.96,
        seat - back,
        "url(#sofacushion)",
        r * 1.6,
      ),
    );
  }
  parts.push(
    cushion(
      left + arm * 0.6,
      seat - horizon * 0.03,
      right - left - arm * 1.2,
      horizon - seat + horizon * 0.05,
      "url(#sofacushion)",
      r,
    ),
  );
  parts.push(
    rect(
      left + arm * 0.6,
      seat + horizon * 0.02,
      right - left - arm * 1.2,
      horizon * 0.012,
      "#000",
      'opacity="0.12"',
    ),
  );
  for (const x of [left, right - arm]) {
    parts.push(cushion(x, back + (seat - back) * 0.45, arm, horizon - back, shade(0.92), r * 1.4));
  }
  // Two pillows leaning in the corners, in an accent colour.
  const accent = ACCENTS[Math.floor(random() * ACCENTS.length)] ?? [214, 170, 92];
  const pillow = (seat - back) * 0.75;
  for (const [x, turn] of [
    [left + arm + pillow * 0.15, -8],
    [right - arm - pillow * 1.15, 8],
  ] as const) {
    parts.push(
      `<g transform="rotate(${turn} ${fixed(x + pillow / 2)} ${fixed(seat)})">${cushion(x, seat - pillow * 0.95, pillow, pillow, toHex(mix(accent, plan.sky[1], 0.2)), r * 1.5)}</g>`,
    );
  }
  return `<defs>${gradient}</defs>${parts.join("")}`;
}

/** A framed print: thin frame, white mount, a soft abstract of two shapes. */
function print(canvas: Canvas, cx: number, top: number, w: number): string {
  const { plan, random } = canvas;
  const h = w * 0.72;
  const x = cx - w / 2;
  const frame = random() < 0.5 ? "#2a2623" : "#9a7650";
  const mount = toHex(mix(WHITE, plan.sky[1], 0.15));
  const art = ACCENTS[Math.floor(random() * ACCENTS.length)] ?? [190, 120, 96];
  const inner = w * 0.16;
  return `${rect(x + w * 0.02, top + w * 0.03, w, h, "#000", 'opacity="0.12"')}${rect(x, top, w, h, frame)}${rect(x + w * 0.025, top + w * 0.025, w * 0.95, h - w * 0.05, mount)}${rect(x + inner, top + inner, w - inner * 2, h - inner * 2, toHex(mix(art, WHITE, 0.55)))}<circle cx="${fixed(cx - w * 0.08)}" cy="${fixed(top + h * 0.55)}" r="${fixed(h * 0.2)}" fill="${toHex(art)}"/>`;
}

export function livingRoom(canvas: Canvas): string {
  const { geometry, lightX, random } = canvas;
  const { width, horizon } = geometry;
  const windowOnLeft = lightX < width / 2;
  const left = windowOnLeft ? width * 0.4 : width * 0.03;
  const right = windowOnLeft ? width * 0.97 : width * 0.6;
  const plantX = windowOnLeft ? width * 0.33 : width * 0.68;
  return `${window(canvas, horizon * 0.05, horizon * 0.72)}${wallLight(canvas, 0.3)}
${print(canvas, (left + right) / 2, horizon * 0.12, (right - left) * 0.36)}
${sofa(canvas, left, right)}
${pottedPlant(canvas, random, { x: plantX, base: horizon + 1, size: horizon * 0.8, id: "roomplant", blurred: true })}${tableEdge(canvas)}`;
}
