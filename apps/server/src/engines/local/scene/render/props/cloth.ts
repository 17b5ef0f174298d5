import { mix, scale, toHex, WHITE } from "../../../common/index.ts";
import { type Canvas, fixed } from "../svg.ts";
import { propRandom } from "./prop-random.ts";

/**
 * A length of fabric hanging behind the subject on the side away from the light, in the wall's
 * own colour: soft vertical folds, gathered toward the top, its hem swaying where it meets the
 * floor.
 */
export function drape(canvas: Canvas): string {
  const random = propRandom(canvas, "drape");
  const { geometry, plan, lightX } = canvas;
  const { width, horizon } = geometry;
  const fromLeft = lightX > width / 2;
  const panel = width * (0.46 + random() * 0.1);
  const [x0, x1] = fromLeft ? [-width * 0.02, panel] : [width - panel, width * 1.02];
  const cloth = mix(plan.sky[1], WHITE, 0.22);
  const folds = 6 + Math.floor(random() * 3);
  const stops: string[] = [];
  // Each fold turns from shade through the cloth's colour into light, at its own width.
  const widths = Array.from({ length: folds }, () => 0.5 + random() * 1.1);
  const total = widths.reduce((sum, w) => sum + w, 0);
  let at = 0;
  for (const w of widths) {
    const span = w / total;
    const shade = scale(cloth, 0.7 + random() * 0.1);
    const lit = mix(cloth, WHITE, 0.15 + random() * 0.15);
    stops.push(`<stop offset="${at.toFixed(3)}" stop-color="${toHex(shade)}"/>`);
    stops.push(`<stop offset="${(at + span * 0.45).toFixed(3)}" stop-color="${toHex(cloth)}"/>`);
    stops.push(`<stop offset="${(at + span * 0.75).toFixed(3)}" stop-color="${toHex(lit)}"/>`);
    at += span;
  }
  stops.push(`<stop offset="1" stop-color="${toHex(scale(cloth, 0.75))}"/>`);
  const fold = `<linearGradient id="drapefolds" gradientUnits="userSpaceOnUse" x1="${fixed(x0)}" y1="0" x2="${fixed(x1)}" y2="0">${stops.join("")}</linearGradient>`;
  const fall = `<linearGradient id="drapefall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.12"/><stop offset="0.4" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>`;
  // The inner edge leans out toward the floor; the hem curves with each fold.
  const inner = fromLeft ? x1 : x0;
  const outer = fromLeft ? x0 : x1;
  const dir = fromLeft ? 1 : -1;
  const sway = dir * width * 0.05;
  const wave = geometry.height * 0.014;
  const hem: string[] = [];
  let x = inner + sway;
  hem.push(`${fixed(x)} ${fixed(horizon)}`);
  for (const w of widths) {
    const step = ((outer - inner - sway) * w) / total;
    hem.push(
      `Q${fixed(x + step / 2)} ${fixed(horizon + wave)} ${fixed(x + step)} ${fixed(horizon)}`,
    );
    x += step;
  }
  const top = inner - dir * width * 0.02;
  const path = `M${fixed(outer)} 0 L${fixed(top)} 0 Q${fixed(inner)} ${fixed(horizon * 0.5)} ${hem.join(" ")} Z`;
  const edge = `<path d="M${fixed(top)} 0 Q${fixed(inner)} ${fixed(horizon * 0.5)} ${hem[0]}" stroke="#000" stroke-opacity="0.22" stroke-width="${fixed(width * 0.012)}" fill="none" filter="url(#drapeshade)"/>`;
  const shade = `<filter id="drapeshade" x="-50%" y="-5%" width="200%" height="110%"><feGaussianBlur stdDeviation="${fixed(width * 0.008)}"/></filter>`;
  return `<defs>${fold}${fall}${shade}</defs>${edge}<path d="${path}" fill="url(#drapefolds)"/><path d="${path}" fill="url(#drapefall)"/>`;
}
