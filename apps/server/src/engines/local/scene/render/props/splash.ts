import { mix, toHex, WHITE } from "../../../common/index.ts";
import { type Canvas, ellipse, fixed, type Random } from "../svg.ts";
import { baseUnit, keepOut, propRandom } from "./placement.ts";

/**
 * Water splashing up around the subject's foot: on each side jets of clear water arching out
 * and up from a froth at the foot, each thinning to a drop, more drops flying further out, and
 * soft rings spreading on the water (a wet sheen on a dry surface).
 */

/** A jet from (x0, y0) arching out to `side`: a tapered outline, its bright spine and its tip. */
function jet(x0: number, y0: number, side: number, length: number, width: number, random: Random) {
  const angle = 0.1 + random() * 0.8;
  const fall = 0.12 + random() * 0.25;
  const at = (t: number) => ({
    x: x0 + side * Math.sin(angle) * length * t,
    y: y0 - Math.cos(angle) * length * t + fall * length * t * t,
  });
  const left: string[] = [];
  const right: string[] = [];
  const spine: string[] = [];
  const steps = 10;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const p = at(t);
    const q = at(Math.min(1, t + 0.01));
    const n = Math.atan2(q.y - p.y, q.x - p.x) + Math.PI / 2;
    const w = width * (1 - t) ** 0.8 + width * 0.06;
    left.push(`${fixed(p.x + Math.cos(n) * w)} ${fixed(p.y + Math.sin(n) * w)}`);
    right.unshift(`${fixed(p.x - Math.cos(n) * w)} ${fixed(p.y - Math.sin(n) * w)}`);
    spine.push(`${fixed(p.x + Math.cos(n) * w * 0.3)} ${fixed(p.y + Math.sin(n) * w * 0.3)}`);
  }
  return {
    body: `M${left.join(" L")} L${right.join(" L")} Z`,
    spine: `M${spine.slice(1, -2).join(" L")}`,
    tip: at(1.06),
  };
}

/** A drop of water in flight: bright, a little stretched along its path. */
function drop(x: number, y: number, r: number, stretch: number, angle: number) {
  return `<g transform="translate(${fixed(x)} ${fixed(y)}) rotate(${fixed(angle)})">${ellipse(0, r * 0.25, r * stretch, r, "#3a4a58", 'opacity="0.25"')}${ellipse(0, 0, r * stretch, r, "url(#splashdrop)")}${ellipse(-r * 0.3, -r * 0.35, r * 0.32, r * 0.24, "#fff", 'opacity="0.95"')}</g>`;
}

export function splashProp(canvas: Canvas): string {
  const random = propRandom(canvas, "splash");
  const { height } = canvas.geometry;
  const box = keepOut(canvas);
  const unit = baseUnit(canvas);
  const foot = Math.min(height - 2, box.bottom);
  const onWater = canvas.plan.material === "water";
  const water = mix(WHITE, canvas.plan.floor[0], 0.4);
  const bodies: string[] = [];
  const spines: string[] = [];
  const froth: string[] = [];
  const drops: string[] = [];
  for (const side of [-1, 1] as const) {
    const edge = side === -1 ? box.left : box.right;
    for (let k = 0; k < 3; k++) {
      froth.push(
        ellipse(
          edge + side * unit * (0.55 + k * 0.45 + random() * 0.2),
          foot - unit * (0.08 + random() * 0.1),
          unit * (0.45 + random() * 0.25),
          unit * (0.16 + random() * 0.08),
          "url(#splashfroth)",
        ),
      );
    }
    for (let i = 0; i < 9; i++) {
      const x0 = edge + side * unit * (0.15 + random() * 0.6);
      const made = jet(
        x0,
        foot - unit * 0.15,
        side,
        unit * (1.5 + random() * 2),
        unit * (0.07 + random() * 0.1),
        random,
      );
      bodies.push(made.body);
      spines.push(made.spine);
      drops.push(drop(made.tip.x, made.tip.y, unit * (0.04 + random() * 0.04), 1.2, side * -30));
    }
    for (let k = 0; k < 12; k++) {
      const x = edge + side * unit * (0.4 + random() * 3);
      const y = foot - unit * (0.5 + random() * 2.6);
      const r = unit * (0.02 + random() ** 2 * 0.06);
      drops.push(drop(x, y, r, 1 + random() * 0.8, side * -50));
    }
  }
  const cx = (box.left + box.right) / 2;
  const half = (box.right - box.left) / 2;
  // Rings spreading on the water: bright bands in soft radial gradients, no blur needed.
  const rings: string[] = [];
  for (let i = 0; i < (onWater ? 3 : 1); i++) {
    const rx = half + unit * (0.9 + i * 1.1);
    rings.push(
      ellipse(
        cx,
        foot + unit * 0.05,
        rx,
        rx * (onWater ? 0.15 : 0.12),
        `url(#${onWater ? "splashring" : "splashwet"})`,
        `opacity="${(1 - i * 0.28).toFixed(2)}"`,
      ),
    );
  }
  const defs = [
    `<linearGradient id="splashbody" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="0.5" stop-color="${toHex(water)}" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0.75"/></linearGradient>`,
    `<radialGradient id="splashdrop" cx="0.45" cy="0.4" r="0.65"><stop offset="0" stop-color="#fff" stop-opacity="0.6"/><stop offset="0.7" stop-color="${toHex(water)}" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0.9"/></radialGradient>`,
    `<radialGradient id="splashfroth"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="splashring"><stop offset="0.82" stop-color="#fff" stop-opacity="0"/><stop offset="0.92" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="splashwet"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  ];
  const spine = `stroke="#fff" stroke-opacity="0.6" stroke-width="${fixed(Math.max(0.5, unit * 0.012))}" fill="none" stroke-linecap="round"`;
  return `<defs>${defs.join("")}</defs>${rings.join("")}${froth.join("")}<g><path d="${bodies.join(" ")}" fill="url(#splashbody)" stroke="#2a3a48" stroke-opacity="0.14" stroke-width="${fixed(Math.max(0.5, unit * 0.01))}"/><path d="${spines.join(" ")}" ${spine}/></g>${drops.join("")}`;
}
