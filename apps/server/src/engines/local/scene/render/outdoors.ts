import { mix, type Rgb, scale, toHex, WHITE } from "../../common/index.ts";
import { hasPhotographedSky } from "./photographed.ts";
import { type Canvas, ellipse, fixed, opacity, rect, verticalGradient } from "./svg.ts";

/** What stands above the horizon outdoors, drawn sharp: the depth of field blurs it later. */
const isNight = ({ plan }: Canvas) => plan.time === "night" || plan.time === "blue hour";

/** A ridge line from left to right by midpoint displacement, as points. */
function ridge(width: number, base: number, rise: number, roughness: number, random: () => number) {
  let points = [
    [0, base - rise * (0.3 + random() * 0.7)],
    [width, base - rise * (0.3 + random() * 0.7)],
  ];
  let spread = rise;
  for (let pass = 0; pass < 7; pass++) {
    const next: number[][] = [];
    for (let i = 0; i < points.length - 1; i++) {
      const [x1, y1] = points[i] as [number, number];
      const [x2, y2] = points[i + 1] as [number, number];
      next.push([x1, y1], [(x1 + x2) / 2, (y1 + y2) / 2 + (random() - 0.5) * spread]);
    }
    next.push(points[points.length - 1] as number[]);
    points = next;
    spread *= roughness;
  }
  return points.map(([x, y]) => `${fixed(x ?? 0)} ${fixed(Math.min(base, y ?? 0))}`).join(" L");
}

function puff(id: string, colour: Rgb): string {
  const hex = toHex(colour);
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${hex}" stop-opacity="0.9"/><stop offset="0.5" stop-color="${hex}" stop-opacity="0.6"/><stop offset="1" stop-color="${hex}" stop-opacity="0"/></radialGradient>`;
}

/** Soft cumulus: clusters of overlapping ellipses, lit on top, a little grey underneath. */
export function clouds(canvas: Canvas, count: number, band: [number, number]): string {
  const { geometry, plan, random } = canvas;
  if (hasPhotographedSky(plan)) return "";
  const { width, horizon } = geometry;
  const lit = mix(WHITE, plan.light.tint, plan.light.amount * 1.2);
  const under = mix(lit, plan.sky[0], 0.35);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = random() * width;
    const cy = horizon * (band[0] + random() * (band[1] - band[0]));
    const size = width * (0.05 + random() * 0.09) * (0.5 + cy / horizon);
    for (let j = 0; j < 6; j++) {
      const dx = (random() - 0.5) * size * 2.6;
      const dy = (random() - 0.7) * size * 0.5;
      const r = size * (0.4 + random() * 0.6);
      parts.push(
        ellipse(cx + dx, cy + dy + r * 0.2, r * 1.3, r * 0.6, "url(#puffunder)", 'opacity="0.6"'),
      );
      parts.push(
        ellipse(
          cx + dx,
          cy + dy,
          r * 1.2,
          r * 0.55,
          "url(#pufflit)",
          `opacity="${opacity(0.5 + random() * 0.4)}"`,
        ),
      );
    }
  }
  // Soft-edged puffs from gradients: a blur filter over the sky costs far more.
  return `<defs>${puff("pufflit", lit)}${puff("puffunder", under)}</defs>${parts.join("")}`;
}

function beach(canvas: Canvas): string {
  const { geometry, plan, random, lightX } = canvas;
  // A desert's sand runs to the horizon: no sea.
  if (plan.scene === "desert") return "";
  const { width, height, horizon } = geometry;
  const band = Math.max(4, height * 0.07);
  const deep = mix([28, 86, 128], plan.sky[1], isNight(canvas) ? 0.15 : 0.25);
  const deepNight = isNight(canvas) ? scale(deep, 0.35) : deep;
  const near = mix(deepNight, mix([90, 190, 190], plan.sky[1], 0.4), 0.55);
  const top = horizon - band;
  const glints: string[] = [];
  const glintColour = toHex(mix(WHITE, plan.light.tint, 0.5));
  for (let i = 0; i < 70; i++) {
    const y = top + random() ** 1.5 * band;
    const towardSun = plan.sun ? lightX + (random() - 0.5) * width * 0.25 : random() * width;
    const w = width * (0.004 + random() * 0.02) * (0.4 + (y - top) / band);
    glints.push(
      rect(
        towardSun - w / 2,
        y,
        w,
        Math.max(0.6, band * 0.02),
        glintColour,
        `opacity="${opacity(0.2 + random() * 0.4)}"`,
      ),
    );
  }
  return `${isNight(canvas) ? "" : clouds(canvas, 4, [0.15, 0.7])}
<defs>${verticalGradient("sea", [deepNight, near], top, horizon)}${verticalGradient("foam", [near, mix(near, WHITE, 0.6), near], horizon - band * 0.16, horizon)}</defs>
${rect(0, top, width, band + 1, "url(#sea)")}
${glints.join("")}
${rect(0, horizon - band * 0.16, width, band * 0.17, "url(#foam)", 'opacity="0.7"')}`;
}

function forest(canvas: Canvas): string {
  const { geometry, plan, random } = canvas;
  const { width, horizon } = geometry;
  const canopy = mix(plan.sky[1], [210, 230, 160], 0.25);
  const far: string[] = [];
  for (let i = 0; i < 40; i++) {
    const r = width * (0.03 + random() * 0.07);
    far.push(
      ellipse(
        random() * width,
        random() * horizon * 0.9,
        r,
        r * 0.8,
        toHex(mix(canopy, plan.sky[0], random() * 0.6)),
        `opacity="${opacity(0.4 + random() * 0.4)}"`,
      ),
    );
  }
  const trunks: string[] = [];
  for (const layer of [0, 1, 2]) {
    const count = [9, 6, 3][layer] ?? 3;
    const colour = mix(scale(plan.sky[0], 0.55 - layer * 0.12), plan.sky[1], 0.45 - layer * 0.18);
    for (let i = 0; i < count; i++) {
      const w = width * (0.008 + layer * 0.014 + random() * 0.012);
      const x = random() * width;
      const foot = horizon + (layer + 1) * geometry.height * 0.006;
      trunks.push(
        `<path d="M${fixed(x - w / 2)} ${fixed(foot)} L${fixed(x - w * 0.35)} 0 L${fixed(x + w * 0.35)} 0 L${fixed(x + w / 2)} ${fixed(foot)} Z" fill="${toHex(colour)}" opacity="0.9"/>`,
      );
    }
  }
  // Undergrowth along the horizon: many small clumps in varied greens, not a few big ones.
  const undergrowth = mix(plan.floor[0], plan.sky[1], 0.3);
  const bushes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const r = width * (0.015 + random() * 0.035);
    const tone =
      random() < 0.3
        ? mix(undergrowth, [214, 222, 150], 0.35)
        : mix(undergrowth, plan.sky[0], random() * 0.5);
    bushes.push(
      ellipse(
        random() * width,
        horizon - r * (0.2 + random() * 0.5),
        r * 1.3,
        r * 0.7,
        toHex(tone),
        `opacity="${opacity(0.6 + random() * 0.4)}"`,
      ),
    );
  }
  return `${far.join("")}${trunks.join("")}${bushes.join("")}`;
}

const FACADES: Rgb[] = [
  [150, 128, 108],
  [196, 190, 178],
  [104, 122, 140],
  [128, 118, 112],
];

function city(canvas: Canvas): string {
  const { geometry, plan, random, quality } = canvas;
  const { width, horizon } = geometry;
  const night = isNight(canvas) || plan.neon;
  const parts: string[] = [];
  const layers = quality === "rich" ? 3 : 2;
  for (let layer = 0; layer < layers; layer++) {
    const nearness = layer / Math.max(1, layers - 1);
    const base: Rgb = night ? [34, 38, 52] : [118, 122, 130];
    const haze = 0.6 - nearness * 0.4;
    let x = -random() * width * 0.05;
    while (x < width) {
      // Facades differ: warm stone, pale render, blue-grey glass.
      const facade: Rgb = night ? base : (FACADES[Math.floor(random() * FACADES.length)] ?? base);
      const colour = mix(mix(facade, plan.sky[1], haze), plan.light.tint, plan.light.amount * 0.3);
      const w = width * (0.06 + random() * 0.1) * (1 + nearness * 0.6);
      const h = horizon * (0.22 + random() * 0.4) * (0.7 + nearness * 0.5);
      const top = horizon - h;
      parts.push(rect(x, top, w - width * 0.004, h + 2, toHex(colour)));
      const cols = Math.max(2, Math.round(w / (width * 0.018)));
      const rows = Math.max(3, Math.round(h / (width * 0.024)));
      const cellW = w / cols;
      const cellH = h / rows;
      for (let r = 0; r < rows - 1; r++) {
        for (let c = 0; c < cols; c++) {
          const lit = night ? random() < 0.45 : random() < 0.85;
          if (!lit) continue;
          const windowColour = night
            ? mix([255, 196, 120], [255, 240, 210], random())
            : mix(scale(colour, 0.7), plan.sky[0], 0.3 + random() * 0.3);
          parts.push(
            rect(
              x + c * cellW + cellW * 0.2,
              top + r * cellH + cellH * 0.25,
              cellW * 0.6,
              cellH * 0.5,
              toHex(windowColour),
              `opacity="${opacity(night ? 0.6 + random() * 0.4 : 0.45)}"`,
            ),
          );
        }
      }
      x += w;
    }
  }
  // Street haze thickens toward the ground, between the buildings and the camera.
  const haze = `<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${toHex(plan.sky[1])}" stop-opacity="0"/><stop offset="1" stop-color="${toHex(plan.sky[1])}" stop-opacity="${night ? 0.15 : 0.45}"/></linearGradient>`;
  return `<defs>${haze}</defs>${parts.join("")}${rect(0, horizon * 0.45, width, horizon * 0.55 + 1, "url(#haze)")}`;
}

function mountains(canvas: Canvas): string {
  const { geometry, plan, random } = canvas;
  const { width, height, horizon } = geometry;
  const snowy = plan.material === "snow";
  const ranges: string[] = [];
  const count = 4;
  for (let i = 0; i < count; i++) {
    const nearness = i / (count - 1);
    const rise = height * (0.28 - nearness * 0.17);
    // Snowy ranges keep some blue-grey rock showing, or they vanish into a pale sky.
    const rock = snowy
      ? mix([104, 118, 142], [236, 240, 247], 0.25 + (1 - nearness) * 0.3)
      : mix([96, 104, 112], plan.floor[1], nearness);
    const colour = mix(rock, plan.sky[1], 0.62 - nearness * 0.5);
    const line = ridge(width, horizon + 1, rise, 0.52, random);
    ranges.push(
      `<path d="M0 ${fixed(horizon + 2)} L${line} L${width} ${fixed(horizon + 2)} Z" fill="${toHex(colour)}"/>`,
    );
    // Haze pooling in the valley in front of each range.
    ranges.push(
      `<rect x="0" y="${fixed(horizon - rise * 0.45)}" width="${width}" height="${fixed(rise * 0.46)}" fill="url(#valley)"/>`,
    );
  }
  return `${isNight(canvas) ? "" : clouds(canvas, 3, [0.1, 0.45])}<defs><linearGradient id="valley" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${toHex(plan.sky[1])}" stop-opacity="0"/><stop offset="1" stop-color="${toHex(plan.sky[1])}" stop-opacity="0.35"/></linearGradient></defs>${ranges.join("")}`;
}

function water(canvas: Canvas): string {
  const { geometry, plan, random } = canvas;
  const { width, height, horizon } = geometry;
  const shore = mix(mix([70, 96, 80], plan.sky[1], 0.55), plan.light.tint, plan.light.amount * 0.4);
  const line = ridge(width, horizon + 1, height * 0.05, 0.5, random);
  return `${isNight(canvas) ? "" : clouds(canvas, 4, [0.15, 0.65])}<path d="M0 ${fixed(horizon + 1)} L${line} L${width} ${fixed(horizon + 1)} Z" fill="${toHex(shore)}"/>`;
}

function sky(canvas: Canvas): string {
  const { geometry, plan } = canvas;
  const { width, horizon } = geometry;
  const haze = mix(plan.sky[1], WHITE, 0.3);
  return `${isNight(canvas) ? "" : clouds(canvas, 7, [0.2, 0.95])}<defs><linearGradient id="skyhaze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${toHex(haze)}" stop-opacity="0"/><stop offset="1" stop-color="${toHex(haze)}" stop-opacity="0.6"/></linearGradient></defs>${rect(0, horizon * 0.7, width, horizon * 0.3 + 1, "url(#skyhaze)")}`;
}

export const OUTDOOR_BACKDROPS = { beach, forest, city, mountains, water, sky };
