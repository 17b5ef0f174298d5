import { fixed, seededRandom } from "../random.ts";
import type { Subject } from "./subject.ts";

/** Curved strands 1 to 2.5 units wide leaving an ellipse's edge, drawn the same for a seed. */
function strands(
  seed: number,
  count: number,
  ellipse: { cx: number; cy: number; rx: number; ry: number },
  length: [number, number],
  colours: readonly string[],
  downward = 0,
): string {
  const random = seededRandom(seed);
  const paths: string[] = [];
  for (let k = 0; k < count; k++) {
    const angle = random() * 2 * Math.PI;
    const inset = 0.85 + random() * 0.1;
    const x0 = ellipse.cx + ellipse.rx * inset * Math.cos(angle);
    const y0 = ellipse.cy + ellipse.ry * inset * Math.sin(angle);
    const reach = length[0] + random() * (length[1] - length[0]);
    const bend = (random() - 0.5) * 0.9;
    const dx = Math.cos(angle + bend);
    const dy = Math.sin(angle + bend) + downward;
    const norm = Math.hypot(dx, dy) || 1;
    const x2 = x0 + (reach * dx) / norm;
    const y2 = y0 + (reach * dy) / norm;
    const x1 = (x0 + x2) / 2 + (random() - 0.5) * reach * 0.5;
    const y1 = (y0 + y2) / 2 + (random() - 0.5) * reach * 0.5;
    const width = 1 + random() * 1.5;
    const colour = colours[k % colours.length];
    paths.push(
      `<path d="M${fixed(x0)} ${fixed(y0)} Q${fixed(x1)} ${fixed(y1)} ${fixed(x2)} ${fixed(y2)}" stroke="${colour}" stroke-width="${fixed(width)}"/>`,
    );
  }
  return `<g fill="none" stroke-linecap="round">${paths.join("")}</g>`;
}

/** A fluffy toy: a round body and head with fur strands all round, 1 to 2 px at bench scales. */
export const furryToy: Subject = {
  name: "furry toy",
  width: 800,
  height: 820,
  markup: `${strands(11, 900, { cx: 400, cy: 560, rx: 300, ry: 220 }, [25, 70], ["#8a5a2b", "#a9743e", "#6e4420", "#c28c52"])}
<ellipse cx="400" cy="560" rx="300" ry="220" fill="#9a6834"/>
${strands(12, 600, { cx: 400, cy: 260, rx: 200, ry: 170 }, [20, 60], ["#8a5a2b", "#b07a44", "#6e4420"])}
<ellipse cx="400" cy="260" rx="200" ry="170" fill="#a06c38"/>
<circle cx="330" cy="240" r="22" fill="#141414"/><circle cx="470" cy="240" r="22" fill="#141414"/>
<ellipse cx="400" cy="310" rx="40" ry="26" fill="#3a2414"/>`,
};

/** A doll's head of long loose hair falling to the shoulders, its ends in single strands. */
export const longHair: Subject = {
  name: "long hair",
  width: 700,
  height: 900,
  markup: `${strands(21, 700, { cx: 350, cy: 470, rx: 250, ry: 330 }, [30, 120], ["#3b2416", "#5a3a22", "#2a180e", "#70492b"], 1.2)}
<path d="M110 470 Q100 150 350 120 Q600 150 590 470 L610 860 L90 860 Z" fill="#4a2e1b"/>
<ellipse cx="350" cy="360" rx="150" ry="190" fill="#e8c4a4"/>
<path d="M200 300 Q250 150 350 150 Q470 150 500 300 Q420 220 350 230 Q260 230 200 300 Z" fill="#4a2e1b"/>
<circle cx="295" cy="360" r="12" fill="#2b1d14"/><circle cx="405" cy="360" r="12" fill="#2b1d14"/>
<path d="M320 450 Q350 470 380 450" stroke="#9c4a43" stroke-width="8" fill="none"/>
<path d="M180 900 L180 760 Q350 680 520 760 L520 900 Z" fill="#2f5d8a"/>`,
};
