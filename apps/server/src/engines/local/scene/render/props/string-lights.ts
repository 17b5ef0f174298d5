import { mix, type Rgb, toHex, WHITE } from "../../../common/index.ts";
import { type Canvas, ellipse, fixed, opacity } from "../svg.ts";
import { propRandom } from "./prop-random.ts";

/**
 * Fairy lights strung across the wall behind the subject, out of focus: the wire and the bulbs
 * are drawn behind the focus plane (the depth of field softens them), their glow in front of it
 * as soft discs, like the bokeh of real lights.
 */

const WARM: Rgb = [255, 196, 120];

type Strand = { wire: string; bulbs: { x: number; y: number; glow: number }[] };

/** Two or three sagging strands above the subject's middle, the same for both layers. */
function strands(canvas: Canvas): Strand[] {
  const random = propRandom(canvas, "string lights");
  const { width, horizon } = canvas.geometry;
  const count = 2 + Math.floor(random() * 2);
  const made: Strand[] = [];
  for (let s = 0; s < count; s++) {
    const x0 = -width * 0.08;
    const x1 = width * 1.08;
    const y0 = horizon * (0.08 + s * 0.24 + random() * 0.08);
    const y1 = horizon * (0.08 + s * 0.24 + random() * 0.08);
    const sag = horizon * (0.1 + random() * 0.1);
    const point = (t: number) => ({
      x: x0 + (x1 - x0) * t,
      y: y0 + (y1 - y0) * t + sag * 4 * t * (1 - t),
    });
    const steps: string[] = [];
    for (let i = 0; i <= 24; i++) {
      const { x, y } = point(i / 24);
      steps.push(`${fixed(x)} ${fixed(y)}`);
    }
    const bulbs: Strand["bulbs"] = [];
    const many = 16 + Math.floor(random() * 8);
    for (let i = 0; i < many; i++) {
      const { x, y } = point((i + 0.5 + (random() - 0.5) * 0.3) / many);
      bulbs.push({ x, y: y + width * 0.004, glow: 0.55 + random() * 0.45 });
    }
    made.push({ wire: `M${steps.join(" L")}`, bulbs });
  }
  return made;
}

/** Behind the focus plane: thin wires and small bright bulbs, for the depth of field to soften. */
export function stringLightsBehind(canvas: Canvas): string {
  const { width } = canvas.geometry;
  const parts: string[] = [];
  for (const strand of strands(canvas)) {
    parts.push(
      `<path d="${strand.wire}" fill="none" stroke="#3b3128" stroke-width="${fixed(Math.max(0.6, width * 0.0015))}" opacity="0.55"/>`,
    );
    for (const bulb of strand.bulbs) {
      parts.push(
        ellipse(bulb.x, bulb.y, width * 0.004, width * 0.004, toHex(mix(WARM, WHITE, 0.6))),
      );
    }
  }
  return `<g clip-path="url(#above)">${parts.join("")}</g>`;
}

/** In front of the depth of field: each bulb's glow, a soft disc as large as the blur is wide. */
export function stringLightsInFront(canvas: Canvas): string {
  const { width } = canvas.geometry;
  const bokeh = canvas.plan.camera.bokeh;
  const radius = width * (0.011 + bokeh * 0.022);
  const edge = (0.5 + bokeh * 0.3).toFixed(2);
  const core = toHex(mix(WARM, WHITE, 0.35));
  const defs = `<radialGradient id="fairydisc"><stop offset="0" stop-color="${core}" stop-opacity="0.95"/><stop offset="${edge}" stop-color="${toHex(WARM)}" stop-opacity="0.8"/><stop offset="1" stop-color="${toHex(WARM)}" stop-opacity="0"/></radialGradient><radialGradient id="fairyhalo"><stop offset="0" stop-color="${toHex(WARM)}" stop-opacity="0.35"/><stop offset="1" stop-color="${toHex(WARM)}" stop-opacity="0"/></radialGradient>`;
  const random = propRandom(canvas, "string lights");
  const shapes: string[] = [];
  for (const strand of strands(canvas)) {
    for (const bulb of strand.bulbs) {
      const r = radius * (0.8 + random() * 0.4);
      shapes.push(
        ellipse(
          bulb.x,
          bulb.y,
          r * 3,
          r * 3,
          "url(#fairyhalo)",
          `opacity="${opacity(bulb.glow * 0.6)}"`,
        ),
      );
      shapes.push(
        ellipse(bulb.x, bulb.y, r, r, "url(#fairydisc)", `opacity="${opacity(bulb.glow)}"`),
      );
    }
  }
  return `<defs>${defs}</defs><g clip-path="url(#above)">${shapes.join("")}</g>`;
}
