import { mix, toHex, WHITE } from "../../../common/index.ts";
import { type Canvas, fixed, type Random } from "../svg.ts";
import { propRandom } from "./prop-random.ts";

/**
 * Hard sunlight patterns across the wall and the floor: the shadows of palm fronds, and the
 * stripes of light through window blinds. They are drawn behind the focus plane, so on the floor
 * they darken the surface texture the way a shadow does and on the wall the depth of field
 * softens them with it.
 */

/** The shade a sunlit pattern leaves: a little blue from the sky light that still reaches it. */
const SHADE = "#1c2233";

/** Softness of a shadow's edge in pixels: hard light, crisp shadows. */
const softness = (canvas: Canvas) =>
  canvas.geometry.width * (0.0025 + (1 - canvas.plan.light.hardness) * 0.012);

/** One palm frond from (x, y) along `angle`: a curving stem with tapered leaflets both sides. */
function frond(x: number, y: number, angle: number, length: number, random: Random): string {
  const parts: string[] = [];
  const bend = (random() - 0.5) * 0.6;
  const at = (t: number) => {
    const a = angle + bend * t;
    return {
      x: x + Math.cos(a) * length * t,
      y: y + Math.sin(a) * length * t + length * 0.12 * t * t,
      a,
    };
  };
  const count = 26;
  for (let i = 2; i < count; i++) {
    const t = i / count;
    const p = at(t);
    const leaflet = length * 0.34 * (1 - t * 0.65) * Math.min(1, t * 4);
    for (const sign of [-1, 1]) {
      const a = p.a + sign * (0.75 + random() * 0.25);
      const tipX = p.x + Math.cos(a) * leaflet;
      const tipY = p.y + Math.sin(a) * leaflet + leaflet * 0.18;
      const w = leaflet * 0.07;
      const mx = (p.x + tipX) / 2 - Math.sin(a) * w;
      const my = (p.y + tipY) / 2 + Math.cos(a) * w;
      const nx = (p.x + tipX) / 2 + Math.sin(a) * w;
      const ny = (p.y + tipY) / 2 - Math.cos(a) * w;
      parts.push(
        `M${fixed(p.x)} ${fixed(p.y)} Q${fixed(mx)} ${fixed(my)} ${fixed(tipX)} ${fixed(tipY)} Q${fixed(nx)} ${fixed(ny)} ${fixed(p.x)} ${fixed(p.y)} Z`,
      );
    }
  }
  const stem = [0, 0.25, 0.5, 0.75, 1].map((t) => at(t)).map((p) => `${fixed(p.x)} ${fixed(p.y)}`);
  return `<path d="${parts.join(" ")}"/><path d="M${stem.join(" L")}" fill="none" stroke="${SHADE}" stroke-width="${fixed(length * 0.012)}"/>`;
}

/** Palm fronds' shadows reaching in from the light's side, on the wall and on the floor. */
export function palmShadows(canvas: Canvas): string {
  const random = propRandom(canvas, "palm shadows");
  const { width, height, horizon } = canvas.geometry;
  const fromLeft = canvas.lightX < width / 2;
  const dir = fromLeft ? 1 : -1;
  const startX = fromLeft ? -width * 0.06 : width * 1.06;
  const wall: string[] = [];
  const floor: string[] = [];
  const topDown = canvas.plan.camera.topDown;
  if (!topDown) {
    for (let i = 0; i < 3; i++) {
      const angle = fromLeft ? 0.15 + i * 0.32 : Math.PI - 0.15 - i * 0.32;
      wall.push(
        frond(
          startX,
          horizon * (0.05 + random() * 0.2),
          angle,
          width * (0.42 + random() * 0.14),
          random,
        ),
      );
    }
  }
  // On the floor the shadows stretch away from the light, flattened by the angle of view.
  const floorTop = topDown ? 0 : horizon;
  const squash = topDown ? 1 : 0.55;
  for (let i = 0; i < (topDown ? 4 : 2); i++) {
    const y = floorTop + ((height - floorTop) * (0.3 + i * 0.3)) / squash;
    const angle = (fromLeft ? 0.1 : Math.PI - 0.1) + dir * (random() - 0.5) * 0.6;
    floor.push(
      `<g transform="translate(0 ${fixed(floorTop)}) scale(1 ${squash}) translate(0 ${fixed(-floorTop)})">${frond(startX, y, angle, width * (0.5 + random() * 0.15), random)}</g>`,
    );
  }
  const blur = `<filter id="palmsoft" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${fixed(softness(canvas))}"/></filter>`;
  return `<defs>${blur}</defs><g filter="url(#palmsoft)" fill="${SHADE}" opacity="0.34"><g clip-path="url(#above)">${wall.join("")}</g><g clip-path="url(#below)">${floor.join("")}</g></g>`;
}

/** Quadrilateral bands between two vertical lines, slanting `slope` pixels down per pixel across. */
function bands(xL: number, xR: number, y0: number, count: number, period: number, slope: number) {
  const parts: string[] = [];
  const lit = period * 0.56;
  for (let i = 0; i < count; i++) {
    const top = y0 + i * period;
    const drop = (xR - xL) * slope;
    parts.push(
      `M${fixed(xL)} ${fixed(top)} L${fixed(xR)} ${fixed(top + drop)} L${fixed(xR)} ${fixed(top + drop + lit)} L${fixed(xL)} ${fixed(top + lit)} Z`,
    );
  }
  return parts.join(" ");
}

/**
 * Sunlight through venetian blinds: slanted stripes of light in a window-shaped patch on the
 * wall and a longer one on the floor, the rest of the room a shade darker.
 */
export function blindShadows(canvas: Canvas): string {
  const random = propRandom(canvas, "blind shadows");
  const { width, height, horizon } = canvas.geometry;
  const topDown = canvas.plan.camera.topDown;
  const fromLeft = canvas.lightX < width / 2;
  const slope = (fromLeft ? 1 : -1) * (0.3 + random() * 0.15);
  const light = toHex(mix(WHITE, canvas.plan.light.tint, 0.6));
  let wall = "";
  if (!topDown) {
    const w = width * 0.5;
    const xL = fromLeft ? width * (0.05 + random() * 0.1) : width * (0.45 - random() * 0.1);
    const period = horizon * 0.085;
    wall = bands(xL, xL + w, horizon * 0.02 - w * Math.max(0, slope), 12, period, slope);
  }
  const floorTop = topDown ? 0 : horizon;
  const depth = height - floorTop;
  const w = width * (topDown ? 0.75 : 0.6);
  const xL = fromLeft ? width * 0.25 : width * 0.15;
  const floorSlope = slope * (topDown ? 1 : 0.35);
  const period = depth * (topDown ? 0.09 : 0.11);
  const y0 = floorTop + depth * 0.05 - w * Math.max(0, floorSlope);
  const floor = bands(xL, xL + w, y0, topDown ? 14 : 12, period, floorSlope);
  // The stripes, each on its own plane: the wall's above the horizon, the floor's below it.
  // The patch on the floor leans away from the window as it comes toward the camera.
  const lean = topDown ? 0 : (fromLeft ? 1 : -1) * 28;
  const onFloor = `translate(0 ${fixed(floorTop)}) skewX(${lean}) translate(0 ${fixed(-floorTop)})`;
  const stripes = (fill: string) =>
    `<g clip-path="url(#above)"><path d="${wall}" fill="${fill}"/></g><g clip-path="url(#below)"><path d="${floor}" fill="${fill}" transform="${onFloor}"/></g>`;
  const defs = `<filter id="blindsoft" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${fixed(softness(canvas))}"/></filter><mask id="blindlit"><rect width="${width}" height="${height}" fill="#fff"/>${stripes("#000")}</mask>`;
  return `<defs>${defs}</defs><g filter="url(#blindsoft)"><rect width="${width}" height="${height}" fill="${SHADE}" opacity="0.3" mask="url(#blindlit)"/><g opacity="0.16">${stripes(light)}</g></g>`;
}
