import { mix, scale, toHex, WHITE } from "../../common/index.ts";
import { type Canvas, ellipse, glow, rect } from "./svg.ts";

/** Pieces of a room's wall shared by the indoor backdrops. */

/** A light source's soft pool on the wall, behind and above where the subject stands. */
export function wallLight(canvas: Canvas, strength: number): string {
  const { geometry, plan, lightX } = canvas;
  const { width, horizon } = geometry;
  const centre = geometry.subject
    ? (geometry.subject.left + geometry.subject.right) / 2
    : width / 2;
  const x = centre * 0.6 + lightX * 0.4;
  const colour = mix(WHITE, plan.light.tint, 0.35);
  return `<defs>${glow("walllight", colour, strength)}</defs>${ellipse(x, horizon * 0.62, width * 0.55, horizon * 0.75, "url(#walllight)")}`;
}

/** The back edge of the table: a fine highlight and the soft shade it casts on the wall. */
export function tableEdge(canvas: Canvas): string {
  const { geometry, plan } = canvas;
  const { width, height, horizon } = geometry;
  const shade = toHex(scale(plan.sky[1], 0.7));
  return `<defs><linearGradient id="edgeshade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade}" stop-opacity="0"/><stop offset="1" stop-color="${shade}" stop-opacity="0.45"/></linearGradient></defs>${rect(0, horizon - height * 0.05, width, height * 0.05, "url(#edgeshade)")}`;
}

/** A bright window with glazing bars, on the light's side. */
export function window(canvas: Canvas, top: number, bottom: number): string {
  const { geometry, plan, lightX } = canvas;
  const { width } = geometry;
  const w = width * 0.26;
  const x = Math.min(width - w * 0.7, Math.max(-w * 0.3, lightX - w / 2));
  const glass = mix(WHITE, plan.light.tint, plan.light.amount);
  const frame = toHex(mix(plan.sky[1], WHITE, 0.5));
  const bar = Math.max(2, width * 0.008);
  return `${rect(x - bar, top - bar, w + bar * 2, bottom - top + bar * 2, frame)}${rect(x, top, w, bottom - top, toHex(glass))}${rect(x + w / 2 - bar / 2, top, bar, bottom - top, frame)}${rect(x, (top + bottom) / 2 - bar / 2, w, bar, frame)}`;
}
