import { mix, type Rgb, scale, toHex, WHITE } from "../../common/index.ts";
import { type Canvas, ellipse, rect, verticalGradient } from "./svg.ts";
import { tableEdge, wallLight } from "./walls.ts";

/**
 * An office behind a desk, out of focus: a tall steel-framed window full of daylight on the
 * light's side, and a bookshelf on the other.
 */

const SPINES: Rgb[] = [
  [54, 66, 92],
  [150, 62, 48],
  [204, 186, 150],
  [74, 96, 78],
  [228, 222, 208],
  [186, 140, 70],
  [48, 48, 52],
  [130, 110, 96],
];

/** A black steel window: a bright view of sky and a far street, divided by thin bars. */
function steelWindow(canvas: Canvas, left: number, right: number, top: number, bottom: number) {
  const { geometry, plan, random } = canvas;
  const { width } = geometry;
  const w = right - left;
  const h = bottom - top;
  const sky = mix(mix([206, 224, 240], WHITE, 0.35), plan.light.tint, plan.light.amount);
  const far = mix([170, 178, 186], sky, 0.45);
  const view = [
    `<defs>${verticalGradient("officesky", [sky, mix(sky, WHITE, 0.5)], top, bottom)}</defs>`,
    rect(left, top, w, h, "url(#officesky)"),
  ];
  // Buildings across the street and a tree, pale with distance.
  for (let x = left; x < right; ) {
    const bw = w * (0.12 + random() * 0.2);
    const bh = h * (0.2 + random() * 0.35);
    view.push(rect(x, bottom - bh, bw - w * 0.01, bh, toHex(scale(far, 0.95 + random() * 0.1))));
    x += bw;
  }
  const tree = mix([132, 158, 120], sky, 0.35);
  const treeX = left + w * (0.2 + random() * 0.6);
  view.push(ellipse(treeX, bottom - h * 0.28, w * 0.16, h * 0.18, toHex(tree)));
  const steel = toHex(mix([34, 34, 36], plan.sky[1], 0.1));
  const bar = Math.max(1, width * 0.0045);
  const frame = Math.max(2, width * 0.009);
  const bars = [
    rect(left - frame, top - frame, w + frame * 2, frame, steel),
    rect(left - frame, bottom, w + frame * 2, frame, steel),
    rect(left - frame, top, frame, h, steel),
    rect(right, top, frame, h, steel),
  ];
  const cols = 3;
  const rows = 4;
  for (let c = 1; c < cols; c++)
    bars.push(rect(left + (w * c) / cols - bar / 2, top, bar, h, steel));
  for (let r = 1; r < rows; r++)
    bars.push(rect(left, top + (h * r) / rows - bar / 2, w, bar, steel));
  const sill = rect(
    left - frame * 2,
    bottom + frame,
    w + frame * 4,
    frame * 1.2,
    toHex(mix(plan.sky[1], WHITE, 0.4)),
  );
  return `${view.join("")}${bars.join("")}${sill}`;
}

/** Shelves of books standing and leaning, with a box or a small vase here and there. */
function bookshelf(canvas: Canvas, left: number, right: number, top: number, bottom: number) {
  const { plan, random } = canvas;
  const wood = random() < 0.5 ? mix([236, 232, 224], plan.sky[1], 0.2) : ([150, 112, 76] as Rgb);
  const board = (bottom - top) * 0.025;
  const shelves = 4;
  const gap = (bottom - top) / shelves;
  const parts = [rect(left, top, right - left, bottom - top, toHex(scale(wood, 0.7)))];
  for (let s = 0; s < shelves; s++) {
    const floor = top + (s + 1) * gap - board;
    let x = left + board;
    while (x < right - board * 2) {
      if (random() < 0.08) {
        // A box or a vase breaks up the row.
        const bw = gap * (0.35 + random() * 0.3);
        parts.push(
          rect(
            x,
            floor - gap * 0.4,
            Math.min(bw, right - board - x),
            gap * 0.4,
            toHex(mix(WHITE, wood, 0.3)),
          ),
        );
        x += bw + board;
        continue;
      }
      const bw = Math.min((right - left) * (0.025 + random() * 0.025), right - board - x);
      const bh = gap * (0.55 + random() * 0.3);
      const spine = SPINES[Math.floor(random() * SPINES.length)] ?? [54, 66, 92];
      parts.push(rect(x, floor - bh, bw - 0.5, bh, toHex(mix(spine, plan.sky[1], 0.2))));
      x += bw;
    }
    parts.push(rect(left, floor, right - left, board, toHex(wood)));
  }
  const side = board * 1.2;
  parts.push(
    rect(left, top, side, bottom - top, toHex(wood)),
    rect(right - side, top, side, bottom - top, toHex(wood)),
  );
  parts.push(rect(left, top, right - left, board, toHex(wood)));
  return parts.join("");
}

export function office(canvas: Canvas): string {
  const { geometry, lightX } = canvas;
  const { width, horizon } = geometry;
  const windowOnLeft = lightX < width / 2;
  const [wl, wr] = windowOnLeft ? [width * 0.03, width * 0.44] : [width * 0.56, width * 0.97];
  const [bl, br] = windowOnLeft ? [width * 0.64, width * 1.02] : [-width * 0.02, width * 0.36];
  return `${steelWindow(canvas, wl, wr, horizon * 0.02, horizon * 0.86)}${bookshelf(canvas, bl, br, horizon * 0.04, horizon + 2)}${wallLight(canvas, 0.3)}${tableEdge(canvas)}`;
}
