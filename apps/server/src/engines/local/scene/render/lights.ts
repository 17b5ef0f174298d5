import { luma, mix, type Rgb, toHex, WHITE } from "../../common/index.ts";
import { blurFilter, type Canvas, ellipse, fixed, glow, opacity, subjectBox } from "./svg.ts";

/** Light sources and their effects, as SVG: some behind the focus plane, some in front. */

export function sun({ geometry, plan, lightX }: Canvas): string {
  const { width, height, horizon } = geometry;
  const r = Math.min(width, height) * 0.045;
  const low = plan.time === "sunset" || plan.time === "golden hour";
  const cy = horizon - r * (low ? 0.8 : 3);
  const core = mix(WHITE, plan.light.tint, 0.25);
  const halo = mix(WHITE, plan.light.tint, 0.8);
  return `<defs>${glow("sunglow", halo, 0.75)}${glow("sunwide", halo, 0.35)}</defs>
${ellipse(lightX, cy, width * 0.7, horizon * 0.8, "url(#sunwide)")}
${ellipse(lightX, cy, r * 5, r * 5, "url(#sunglow)")}
${ellipse(lightX, cy, r, r, toHex(core))}`;
}

export function stars({ geometry, random, quality }: Canvas): string {
  const { width, horizon } = geometry;
  const dots: string[] = [];
  const count = quality === "rich" ? 160 : 90;
  for (let i = 0; i < count; i++) {
    const r = Math.max(0.5, width / 1600) * (0.5 + random() ** 3 * 1.5);
    dots.push(
      ellipse(
        random() * width,
        random() ** 1.3 * horizon * 0.85,
        r,
        r,
        "#fff",
        `opacity="${opacity(0.25 + random() * 0.7)}"`,
      ),
    );
  }
  const moonX = width * (0.15 + random() * 0.7);
  const moonR = width * 0.022;
  const moon = `<defs>${glow("moonglow", [200, 215, 255], 0.35)}</defs>${ellipse(moonX, horizon * 0.22, moonR * 6, moonR * 6, "url(#moonglow)")}${ellipse(moonX, horizon * 0.22, moonR, moonR, "#f4f1e6")}`;
  return dots.join("") + moon;
}

/** Light from behind the subject: a bright bloom on the backdrop right behind it. */
export function backlight({ geometry, plan }: Canvas): string {
  const box = subjectBox(geometry);
  const cx = (box.left + box.right) / 2;
  const cy = Math.min(geometry.horizon, (box.top + box.bottom) / 2);
  const size = Math.max(box.right - box.left, box.bottom - box.top);
  const colour = mix(WHITE, plan.light.tint, 0.5);
  // On a pale backdrop a full bloom would burn out; dark ones take it all.
  const strength = 0.35 + 0.5 * (1 - luma(plan.sky[1]) / 255);
  return `<defs>${glow("backglow", colour, strength)}</defs>${ellipse(cx, cy, size * 1.1, size * 1.1, "url(#backglow)")}`;
}

/**
 * Points of light out of focus: discs with soft edges, drawn after the depth of field so they
 * stay round. Forests get sun through leaves, cities at night street lights, cafés bulbs.
 */
export function bokehLights(canvas: Canvas): string {
  const { geometry, plan, random, quality } = canvas;
  const { width, horizon } = geometry;
  const night = plan.time === "night" || plan.time === "blue hour" || plan.neon;
  const discs: { x: number; y: number; colour: Rgb; strength: number }[] = [];
  const count = quality === "rich" ? 1.5 : 1;
  if (plan.setting === "forest" && !night) {
    const sunlit = mix([255, 246, 205], plan.light.tint, plan.light.amount);
    for (let i = 0; i < 26 * count; i++) {
      discs.push({
        x: random() * width,
        y: random() * horizon * 0.95,
        colour: sunlit,
        strength: 0.15 + random() * 0.3,
      });
    }
  } else if (plan.setting === "city" && night) {
    for (let i = 0; i < 30 * count; i++) {
      const colour: Rgb =
        plan.neon && random() < 0.5
          ? random() < 0.5
            ? [255, 80, 190]
            : [80, 220, 255]
          : [255, 196, 120];
      discs.push({
        x: random() * width,
        y: horizon * (0.55 + random() * 0.45),
        colour,
        strength: 0.25 + random() * 0.4,
      });
    }
  } else if (plan.setting === "cafe") {
    // A string of bulbs sagging across the room.
    const sag = horizon * 0.12;
    const y0 = horizon * (0.1 + random() * 0.1);
    for (let i = 0; i <= 14; i++) {
      const t = i / 14;
      discs.push({
        x: t * width,
        y: y0 + sag * 4 * t * (1 - t) + (random() - 0.5) * 4,
        colour: [255, 200, 130],
        strength: 0.55 + random() * 0.3,
      });
    }
  } else if (plan.neon) {
    for (let i = 0; i < 10 * count; i++) {
      const colour: Rgb = random() < 0.5 ? [255, 80, 190] : [80, 220, 255];
      discs.push({
        x: random() * width,
        y: random() * horizon * 0.9,
        colour,
        strength: 0.15 + random() * 0.25,
      });
    }
  }
  if (discs.length === 0) return "";
  const radius = width * (0.008 + plan.camera.bokeh * 0.028);
  // A disc's edge is soft by a share of its radius: wider out of focus, nearly crisp in it.
  const edge = 0.55 + plan.camera.bokeh * 0.3;
  const gradients = new Map<string, string>();
  const shapes = discs.map(({ x, y, colour, strength }) => {
    const id = `disc${toHex(colour).slice(1)}`;
    gradients.set(
      id,
      `<radialGradient id="${id}"><stop offset="0" stop-color="${toHex(colour)}" stop-opacity="0.85"/><stop offset="${edge.toFixed(2)}" stop-color="${toHex(colour)}" stop-opacity="1"/><stop offset="1" stop-color="${toHex(colour)}" stop-opacity="0"/></radialGradient>`,
    );
    const r = radius * (0.6 + random() * 0.8);
    return ellipse(x, y, r, r, `url(#${id})`, `opacity="${opacity(strength)}"`);
  });
  return `<defs>${[...gradients.values()].join("")}</defs><g clip-path="url(#above)">${shapes.join("")}</g>`;
}

/** Sunlight through a window: shafts in the air and a bright patch on the surface. */
export function windowLight(canvas: Canvas): string {
  const { geometry, plan, lightX } = canvas;
  const { width, height, horizon } = geometry;
  const colour = toHex(mix(WHITE, plan.light.tint, 0.6));
  const fromLeft = lightX < width / 2;
  const dir = fromLeft ? 1 : -1;
  const startX = fromLeft ? -width * 0.1 : width * 1.1;
  const shafts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const x = startX + dir * width * (0.05 + i * 0.1);
    const w = width * 0.05;
    const endX = x + dir * width * 0.55;
    shafts.push(
      `<path d="M${fixed(x)} 0 L${fixed(x + dir * w)} 0 L${fixed(endX + dir * w * 2)} ${fixed(height)} L${fixed(endX)} ${fixed(height)} Z" fill="${colour}" opacity="0.12"/>`,
    );
  }
  // The window's shape lands on the floor, stretched away from the light.
  const patchY = horizon + (height - horizon) * 0.45;
  const px = fromLeft ? width * 0.15 : width * 0.6;
  const pw = width * 0.25;
  const ph = (height - horizon) * 0.35;
  const skew = dir * pw * 0.5;
  const pane = (x: number, y: number, w: number, h: number) =>
    `<path d="M${fixed(x)} ${fixed(y)} L${fixed(x + w)} ${fixed(y)} L${fixed(x + w + skew)} ${fixed(y + h)} L${fixed(x + skew)} ${fixed(y + h)} Z" fill="${colour}" opacity="0.32"/>`;
  const gap = pw * 0.04;
  const panes = [
    pane(px, patchY, pw / 2 - gap, ph / 2 - gap),
    pane(px + pw / 2 + gap, patchY, pw / 2 - gap, ph / 2 - gap),
    pane(px + skew / 2 + gap, patchY + ph / 2 + gap, pw / 2 - gap, ph / 2 - gap),
    pane(px + pw / 2 + skew / 2 + gap, patchY + ph / 2 + gap, pw / 2 - gap, ph / 2 - gap),
  ];
  return `<defs>${blurFilter("shaft", width * 0.02)}${blurFilter("patch", width * 0.006)}</defs><g filter="url(#shaft)">${shafts.join("")}</g><g filter="url(#patch)" clip-path="url(#below)">${panes.join("")}</g>`;
}

/** Coloured light spilling from neon tubes onto the surface. */
export function neonSpill({ geometry }: Canvas): string {
  const { width, height, horizon } = geometry;
  return `<defs>${glow("spillpink", [255, 60, 180], 0.3)}${glow("spillcyan", [60, 220, 255], 0.3)}</defs>
${ellipse(width * 0.2, horizon, width * 0.45, (height - horizon) * 0.6, "url(#spillpink)", 'clip-path="url(#below)"')}
${ellipse(width * 0.8, horizon, width * 0.45, (height - horizon) * 0.6, "url(#spillcyan)", 'clip-path="url(#below)"')}`;
}

/**
 * Fog: a pale veil, thickest at the horizon where the scene is furthest, thinner up the sky and
 * gone by the subject's foot. A flat lay has no distance to hide.
 */
export function haze({ geometry, plan }: Canvas): string {
  const fog = plan.fog ?? 0;
  if (fog <= 0 || plan.camera.topDown) return "";
  const { width, height, horizon } = geometry;
  const colour = toHex(mix([226, 229, 232], plan.sky[1], 0.25));
  const foot = geometry.subject?.bottom ?? height;
  const stop = (at: number, strength: number) =>
    `<stop offset="${fixed(Math.min(1, Math.max(0, at / height)))}" stop-color="${colour}" stop-opacity="${opacity(strength)}"/>`;
  const gradient = `<linearGradient id="haze" gradientUnits="objectBoundingBox" x1="0" y1="0" x2="0" y2="1">${stop(0, fog * 0.7)}${stop(horizon, fog)}${stop(horizon + (foot - horizon) * 0.9, 0)}</linearGradient>`;
  return `<defs>${gradient}</defs><rect width="${width}" height="${height}" fill="url(#haze)"/>`;
}
