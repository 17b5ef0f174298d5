import { mix, scale, toHex, WHITE } from "../../common/index.ts";
import { livingRoom } from "./living-room.ts";
import { office } from "./office.ts";
import { type Canvas, fixed, opacity, rect } from "./svg.ts";
import { tableEdge, wallLight, window } from "./walls.ts";

/** What stands above the horizon indoors, drawn sharp: the depth of field blurs it later. */

function studio(canvas: Canvas): string {
  return wallLight(canvas, 0.45);
}

function tabletop(canvas: Canvas): string {
  return `${wallLight(canvas, 0.4)}${tableEdge(canvas)}`;
}

function floor(canvas: Canvas): string {
  const { geometry, plan } = canvas;
  const { width, height, horizon } = geometry;
  const board = height * 0.035;
  return `${wallLight(canvas, 0.35)}${rect(0, horizon - board, width, board, toHex(mix(plan.sky[1], WHITE, 0.35)))}${rect(0, horizon - board, width, Math.max(1, board * 0.08), toHex(scale(plan.sky[1], 0.8)), 'opacity="0.6"')}`;
}

/** Rows of small rectangles with grout, between two heights on the wall. */
function tiledWall(
  canvas: Canvas,
  top: number,
  bottom: number,
  tileW: number,
  tileH: number,
  stagger: boolean,
) {
  const { geometry, plan, random } = canvas;
  const { width } = geometry;
  const grout = toHex(scale(plan.sky[1], 0.82));
  const parts = [rect(0, top, width, bottom - top, grout)];
  const gap = Math.max(0.8, tileH * 0.08);
  let row = 0;
  for (let y = bottom - tileH; y > top - tileH; y -= tileH) {
    const shift = stagger && row % 2 ? tileW / 2 : 0;
    for (let x = -shift; x < width; x += tileW) {
      const tone = mix(plan.sky[1], WHITE, 0.2 + random() * 0.12);
      parts.push(
        rect(
          x + gap / 2,
          Math.max(top, y + gap / 2),
          tileW - gap,
          Math.min(tileH - gap, y + tileH - top),
          toHex(tone),
        ),
      );
    }
    row++;
  }
  return parts.join("");
}

function kitchen(canvas: Canvas): string {
  const { geometry, plan, random } = canvas;
  const { width, horizon } = geometry;
  const splash = horizon * 0.42;
  const tileW = width * 0.06;
  const cabinet = mix(plan.sky[0], WHITE, 0.25);
  const cabinets: string[] = [];
  const cabinetTop = horizon * 0.02;
  const cabinetBottom = horizon - splash - horizon * 0.06;
  for (let x = -random() * width * 0.1; x < width; x += width * 0.2) {
    cabinets.push(
      rect(
        x + width * 0.004,
        cabinetTop,
        width * 0.192,
        cabinetBottom - cabinetTop,
        toHex(cabinet),
      ),
    );
    cabinets.push(
      rect(
        x + width * 0.17,
        cabinetBottom - horizon * 0.12,
        width * 0.006,
        horizon * 0.08,
        toHex(scale(cabinet, 0.6)),
      ),
    );
  }
  const under = toHex(scale(plan.sky[1], 0.75));
  return `${rect(0, 0, width, cabinetBottom + 2, toHex(scale(plan.sky[0], 0.92)))}${cabinets.join("")}${rect(0, cabinetBottom, width, horizon * 0.02, under, 'opacity="0.5"')}${tiledWall(canvas, horizon - splash, horizon, tileW, tileW * 0.5, true)}${wallLight(canvas, 0.3)}${tableEdge(canvas)}`;
}

function bathroom(canvas: Canvas): string {
  const { geometry } = canvas;
  const { width, horizon } = geometry;
  const tile = width * 0.075;
  return `${tiledWall(canvas, 0, horizon, tile, tile, false)}${window(canvas, horizon * 0.08, horizon * 0.55)}${wallLight(canvas, 0.35)}${tableEdge(canvas)}`;
}

function cafe(canvas: Canvas): string {
  const { geometry, plan, random } = canvas;
  const { width, horizon } = geometry;
  const brick = scale(plan.sky[1], 0.9);
  const rows: string[] = [];
  const brickH = horizon * 0.045;
  // A brick wall prop is the café's wall already.
  const wallDone = plan.props.includes("brick wall");
  for (let y = 0, row = 0; y < (wallDone ? 0 : horizon); y += brickH, row++) {
    for (let x = row % 2 ? -width * 0.04 : 0; x < width; x += width * 0.08) {
      rows.push(
        rect(
          x + 1,
          y + 1,
          width * 0.08 - 2,
          brickH - 2,
          toHex(scale(brick, 0.85 + random() * 0.3)),
          'opacity="0.55"',
        ),
      );
    }
  }
  const shelf = toHex(scale(plan.floor[1], 0.8));
  const cups: string[] = [];
  for (let x = width * 0.05; x < width; x += width * (0.04 + random() * 0.05)) {
    cups.push(
      rect(
        x,
        horizon * 0.42 - horizon * 0.08,
        width * 0.025,
        horizon * 0.08,
        toHex(mix([236, 230, 220], brick, random() * 0.5)),
      ),
    );
  }
  return `${rows.join("")}${rect(0, horizon * 0.42, width, horizon * 0.02, shelf)}${cups.join("")}${wallLight(canvas, 0.2)}${tableEdge(canvas)}`;
}

/** Magenta and cyan tubes, a ring and a bar, with their glow on the wall behind. */
export function neonTubes(canvas: Canvas): string {
  const { geometry, random } = canvas;
  const { width, horizon } = geometry;
  const ringX = width * (0.15 + random() * 0.15);
  const ringR = horizon * 0.22;
  const barY = horizon * (0.3 + random() * 0.2);
  const barX = width * (0.6 + random() * 0.1);
  const shapes: [string, string][] = [
    [
      "#ff3fb4",
      `<circle cx="${fixed(ringX)}" cy="${fixed(horizon * 0.4)}" r="${fixed(ringR)}" fill="none" stroke-width="SW" stroke="C" stroke-opacity="O"/>`,
    ],
    [
      "#2fe6ff",
      `<path d="M${fixed(barX)} ${fixed(barY)} h${fixed(width * 0.28)}" fill="none" stroke-width="SW" stroke="C" stroke-opacity="O" stroke-linecap="round"/>`,
    ],
  ];
  const parts: string[] = [];
  for (const [colour, shape] of shapes) {
    const draw = (strokeWidth: number, stroke: string, alpha: number, extra = "") =>
      shape
        .replace("SW", fixed(strokeWidth))
        .replace('"C"', `"${stroke}"`)
        .replace('"O"', `"${opacity(alpha)}" ${extra}`);
    parts.push(draw(width * 0.06, colour, 0.5, 'filter="url(#neonglow)"'));
    parts.push(draw(width * 0.012, colour, 1));
    parts.push(draw(width * 0.004, "#ffffff", 0.85));
  }
  return `<defs><filter id="neonglow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${fixed(width * 0.035)}"/></filter></defs>${parts.join("")}`;
}

export const INDOOR_BACKDROPS = {
  studio,
  // renderScene draws a white background flat, without SVG; its paper is the studio's.
  white: studio,
  podium: studio,
  tabletop,
  floor,
  kitchen,
  bathroom,
  "living room": livingRoom,
  office,
  cafe,
};
