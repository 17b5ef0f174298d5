import type { Subject } from "./subject.ts";

const SHADE = `<defs><linearGradient id="white-shade" x1="0" x2="1" y1="0" y2="0">
<stop offset="0" stop-color="#e4e4e0"/><stop offset="0.35" stop-color="#fbfbf9"/>
<stop offset="0.8" stop-color="#f2f2ef"/><stop offset="1" stop-color="#d9d9d4"/></linearGradient></defs>`;

/** A white porcelain mug with a white handle, shaded only a little darker than paper. */
export const whiteMug: Subject = {
  name: "white mug",
  width: 620,
  height: 560,
  markup: `${SHADE}
<path d="M430 140 Q600 140 600 290 Q600 430 420 440" fill="none" stroke="#ecece8" stroke-width="44"/>
<path d="M20 40 L460 40 L440 500 Q440 560 380 560 L100 560 Q40 560 40 500 Z" fill="url(#white-shade)"/>
<ellipse cx="240" cy="40" rx="220" ry="30" fill="#f6f6f3"/>
<ellipse cx="240" cy="44" rx="200" ry="22" fill="#e9e7e2"/>`,
};

/** A white trainer with white laces and a pale sole. */
export const whiteSneaker: Subject = {
  name: "white sneaker",
  width: 1000,
  height: 460,
  markup: `${SHADE}
<path d="M20 380 Q10 300 60 270 L330 200 Q420 90 520 60 Q600 40 640 110 Q700 230 860 260 Q980 280 985 360 L985 400 Q985 440 930 440 L60 440 Q20 440 20 400 Z" fill="url(#white-shade)"/>
<path d="M15 390 L990 390 L990 420 Q990 455 940 455 L60 455 Q15 455 15 420 Z" fill="#ededea"/>
<g stroke="#f9f9f7" stroke-width="12" stroke-linecap="round"><path d="M400 150 L470 200"/><path d="M440 120 L510 170"/><path d="M480 95 L550 140"/><path d="M360 180 L430 230"/></g>
<path d="M640 110 Q600 180 630 260" stroke="#dcdcd7" stroke-width="6" fill="none"/>`,
};
