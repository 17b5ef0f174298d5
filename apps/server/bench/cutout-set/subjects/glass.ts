import type { Subject } from "./subject.ts";

/**
 * A green glass bottle: its body lets 40 % of the background through (alpha 0.6, so still
 * subject at the ≥ 128 cut), its rims and highlights less, its cap and label none.
 */
export const glassBottle: Subject = {
  name: "glass bottle",
  width: 300,
  height: 900,
  markup: `<path d="M120 40 L180 40 L182 250 Q290 320 290 430 L290 860 Q290 900 250 900 L50 900 Q10 900 10 860 L10 430 Q10 320 118 250 Z" fill="#3f8a5c" fill-opacity="0.6"/>
<path d="M120 40 L180 40 L182 250 Q290 320 290 430 L290 860 Q290 900 250 900 L50 900 Q10 900 10 860 L10 430 Q10 320 118 250 Z" fill="none" stroke="#1f5a37" stroke-opacity="0.9" stroke-width="8"/>
<path d="M40 440 Q40 360 100 320 L100 340 Q60 380 60 450 L60 840 L40 840 Z" fill="#ffffff" fill-opacity="0.75"/>
<path d="M10 640 L290 640 L290 860 Q290 900 250 900 L50 900 Q10 900 10 860 Z" fill="#7b4a12" fill-opacity="0.8"/>
<rect x="110" y="0" width="80" height="70" rx="10" fill="#2b2b2b"/>
<rect x="14" y="480" width="272" height="130" fill="#efe6cf"/>
<rect x="30" y="520" width="240" height="14" fill="#9b2d1f"/>`,
};

/** A clear wine glass: a faint bowl (alpha 0.55), a thin stem and a rim that catch the light. */
export const wineGlass: Subject = {
  name: "wine glass",
  width: 400,
  height: 900,
  markup: `<path d="M40 20 L360 20 Q380 300 230 420 L216 430 L216 820 Q330 840 330 880 Q330 900 200 900 Q70 900 70 880 Q70 840 184 820 L184 430 L170 420 Q20 300 40 20 Z" fill="#dfe8ee" fill-opacity="0.55"/>
<path d="M40 20 Q20 300 170 420 L184 430 L184 820 Q70 840 70 880 Q70 900 200 900 Q330 900 330 880 Q330 840 216 820 L216 430 L230 420 Q380 300 360 20" fill="none" stroke="#f7fbff" stroke-opacity="0.9" stroke-width="6"/>
<ellipse cx="200" cy="22" rx="160" ry="12" fill="none" stroke="#ffffff" stroke-opacity="0.95" stroke-width="6"/>
<path d="M75 60 Q70 250 160 360" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="12"/>
<path d="M52 220 Q120 260 348 220 Q330 330 230 410 L170 410 Q70 330 52 220 Z" fill="#7a1530" fill-opacity="0.85"/>`,
};
