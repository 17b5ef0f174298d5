import { mix, scale, toHex, WHITE } from "../../common/index.ts";
import { type Canvas, ellipse, fixed, subjectBox } from "./svg.ts";

/**
 * A cylinder under the subject: its top ellipse where the subject stands, its side shaded
 * from the light's side to the far side, and a soft shadow where it meets the floor.
 */
export function podium(canvas: Canvas): string {
  const { geometry, plan, lightX } = canvas;
  const { width, height } = geometry;
  const box = subjectBox(geometry);
  const cx = (box.left + box.right) / 2;
  const rx = Math.max((box.right - box.left) * 0.78, width * 0.14);
  const ry = plan.camera.topDown ? rx : rx * 0.17;
  const top = box.bottom - ry * 0.35;
  const bottom = Math.max(top + height * 0.16, top + (height - top) * 0.75);
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
${plan.camera.topDown ? "" : ellipse(cx, bottom + ry * 0.1, rx * 1.15, ry * 1.3, floorShadow, 'opacity="0.35" filter="url(#podiumshadow)"')}
<path d="${body}" fill="url(#podiumside)"/>
${ellipse(cx, top, rx, ry, "url(#podiumtop)")}
${ellipse(cx, top, rx, ry, "none", `stroke="${toHex(mix(surface, WHITE, 0.5))}" stroke-width="${fixed(Math.max(0.6, width / 900))}" stroke-opacity="0.6"`)}`;
}
