import { mix, scale, toHex, WHITE } from "../../common/index.ts";
import type { Bounds } from "../../types.ts";
import { type Canvas, ellipse, fixed, subjectBox } from "./svg.ts";

/** A podium's cylinder in picture pixels: its top ellipse's centre and radii, its base line. */
export type PodiumShape = { cx: number; rx: number; ry: number; top: number; bottom: number };

/**
 * The cylinder a subject in `box` stands on: centred under it, a little wider, its base on
 * the top ellipse's centre line (so the top's far half lies behind the subject and its near
 * half in front of the base), as tall as a display riser is for its width.
 */
export function podiumShape(box: Bounds, width: number, height: number, topDown: boolean) {
  const cx = (box.left + box.right) / 2;
  const rx = Math.max((box.right - box.left) * 0.7, width * 0.14);
  const ry = topDown ? rx : rx * 0.17;
  const top = box.bottom;
  const tall = Math.min(Math.max(rx * 0.55, height * 0.1), height * 0.24);
  return { cx, rx, ry, top, bottom: top + tall } satisfies PodiumShape;
}

/** How far below the podium's base its near edge and its soft floor shadow reach, in pixels. */
export function podiumReach({ rx, ry }: PodiumShape): number {
  return ry * 1.4 + rx * 0.16;
}

/**
 * The podium under the subject: its side shaded from the light's side to the far side, its
 * top face, a rim catching the light, and a soft shadow where it meets the floor.
 */
export function podium(canvas: Canvas): string {
  const { geometry, plan, lightX } = canvas;
  const { width, height } = geometry;
  const { cx, rx, ry, top, bottom } = podiumShape(
    subjectBox(geometry),
    width,
    height,
    plan.camera.topDown,
  );
  const surface =
    plan.podiumColour ??
    (plan.material === "plain" ? mix(plan.sky[1], WHITE, 0.25) : plan.floor[0]);
  const lit = toHex(mix(surface, WHITE, 0.15));
  const shaded = toHex(scale(surface, 0.72));
  const mid = toHex(scale(surface, 0.92));
  const litOnLeft = lightX < cx;
  const [first, last] = litOnLeft ? [lit, shaded] : [shaded, lit];
  const side = `<linearGradient id="podiumside" gradientUnits="userSpaceOnUse" x1="${fixed(cx - rx)}" y1="0" x2="${fixed(cx + rx)}" y2="0"><stop offset="0" stop-color="${first}"/><stop offset="${litOnLeft ? 0.3 : 0.7}" stop-color="${mid}"/><stop offset="1" stop-color="${last}"/></linearGradient>`;
  const topFace = `<linearGradient id="podiumtop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${toHex(mix(surface, WHITE, 0.05))}"/><stop offset="1" stop-color="${toHex(mix(surface, WHITE, 0.3))}"/></linearGradient>`;
  const body = `M${fixed(cx - rx)} ${fixed(top)} L${fixed(cx - rx)} ${fixed(bottom)} A${fixed(rx)} ${fixed(ry)} 0 0 0 ${fixed(cx + rx)} ${fixed(bottom)} L${fixed(cx + rx)} ${fixed(top)} Z`;
  const floorShadow = toHex(scale(plan.floor[1], 0.45));
  return `<defs>${side}${topFace}<filter id="podiumshadow" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="${fixed(rx * 0.08)}"/></filter></defs>
${plan.camera.topDown ? "" : ellipse(cx, bottom + ry * 0.1, rx * 1.15, ry * 1.3, floorShadow, 'opacity="0.45" filter="url(#podiumshadow)"')}
<path d="${body}" fill="url(#podiumside)"/>
${ellipse(cx, top, rx, ry, "url(#podiumtop)")}
${ellipse(cx, top, rx, ry, "none", `stroke="${toHex(mix(surface, WHITE, 0.5))}" stroke-width="${fixed(Math.max(0.6, width / 900))}" stroke-opacity="0.6"`)}`;
}
