import { fixed } from "../random.ts";
import type { Subject } from "./subject.ts";

function wheel(cx: number, cy: number): string {
  const spokes = Array.from({ length: 20 }, (_, k) => {
    const angle = (k * Math.PI) / 10;
    const x = cx + 168 * Math.cos(angle);
    const y = cy + 168 * Math.sin(angle);
    return `<line x1="${cx}" y1="${cy}" x2="${fixed(x)}" y2="${fixed(y)}"/>`;
  }).join("");
  return `<circle cx="${cx}" cy="${cy}" r="180" fill="none" stroke="#1d1d1f" stroke-width="22"/>
<circle cx="${cx}" cy="${cy}" r="166" fill="none" stroke="#a9adb3" stroke-width="7"/>
<g stroke="#c4c8cc" stroke-width="3">${spokes}</g>
<circle cx="${cx}" cy="${cy}" r="16" fill="#55585c"/>`;
}

/** A road bicycle: spokes about 2 px wide at the bench's scales, a thin bar and cables. */
export const bicycle: Subject = {
  name: "bicycle",
  width: 1000,
  height: 640,
  markup: `${wheel(200, 450)}${wheel(800, 450)}
<g fill="none" stroke="#b3261e" stroke-width="18" stroke-linecap="round">
<path d="M200 450 L470 455 L420 180 Z"/><path d="M420 180 L720 190 L470 455"/>
</g>
<path d="M720 190 L800 450" stroke="#2b2b2e" stroke-width="12" fill="none"/>
<path d="M720 190 L705 120 L760 110 Q800 104 800 140 Q800 170 770 168" stroke="#111" stroke-width="9" fill="none" stroke-linecap="round"/>
<path d="M760 112 Q640 150 560 186 Q470 230 430 300" stroke="#222" stroke-width="3" fill="none"/>
<path d="M350 160 Q420 136 480 152 Q470 170 400 172 Z" fill="#151515"/>
<path d="M420 180 L410 160" stroke="#555" stroke-width="8"/>
<circle cx="470" cy="455" r="34" fill="none" stroke="#333" stroke-width="8"/>
<path d="M470 455 L520 520 M500 520 L545 520" stroke="#333" stroke-width="8" stroke-linecap="round"/>`,
};

/** Headphones on a long curled cable ending in a plug: a cable 3 to 4 px wide. */
export const headphones: Subject = {
  name: "headphones",
  width: 700,
  height: 900,
  markup: `<path d="M150 420 Q150 120 350 110 Q550 120 550 420" fill="none" stroke="#26282c" stroke-width="34" stroke-linecap="round"/>
<path d="M150 420 Q150 150 350 140 Q550 150 550 420" fill="none" stroke="#5b5f66" stroke-width="8"/>
<rect x="95" y="380" width="110" height="170" rx="46" fill="#1b1c1f"/>
<rect x="495" y="380" width="110" height="170" rx="46" fill="#1b1c1f"/>
<rect x="120" y="405" width="60" height="120" rx="26" fill="#3a3d42"/>
<path d="M150 550 C160 650 60 640 90 720 C120 800 260 700 300 780 C340 860 470 760 520 820 C560 860 600 850 620 800" fill="none" stroke="#202124" stroke-width="6" stroke-linecap="round"/>
<path d="M618 806 L640 740" stroke="#8d9096" stroke-width="14" stroke-linecap="round"/>
<path d="M640 740 L648 712" stroke="#c9ccd1" stroke-width="5"/>`,
};
