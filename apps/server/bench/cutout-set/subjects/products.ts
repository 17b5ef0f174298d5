import type { Subject } from "./subject.ts";

/** A velvet armchair, large enough to fill the frame when it is shot close. */
export const armchair: Subject = {
  name: "armchair",
  width: 1000,
  height: 900,
  markup: `<path d="M150 80 Q500 0 850 80 L860 520 L140 520 Z" fill="#2e6f6a"/>
<path d="M40 340 Q40 280 120 280 Q200 280 200 340 L200 760 L40 760 Z" fill="#28625e"/>
<path d="M800 340 Q800 280 880 280 Q960 280 960 340 L960 760 L800 760 Z" fill="#28625e"/>
<rect x="170" y="500" width="660" height="180" rx="40" fill="#347b75"/>
<rect x="60" y="680" width="880" height="110" rx="20" fill="#225752"/>
<rect x="110" y="790" width="40" height="110" fill="#4a3020"/><rect x="850" y="790" width="40" height="110" fill="#4a3020"/>`,
};

/** A leather handbag with a handle loop that shows the background through it. */
export const handbag: Subject = {
  name: "handbag",
  width: 800,
  height: 760,
  markup: `<path d="M230 330 Q230 60 400 60 Q570 60 570 330" fill="none" stroke="#6b3a1f" stroke-width="36"/>
<path d="M80 330 L720 330 L780 700 Q780 760 720 760 L80 760 Q20 760 20 700 Z" fill="#8b4a26"/>
<path d="M80 330 L720 330 L735 420 L65 420 Z" fill="#74391b"/>
<rect x="360" y="400" width="80" height="60" rx="10" fill="#d4b26a"/>`,
};

/** A steel kettle with a black handle arching over its lid. */
export const kettle: Subject = {
  name: "kettle",
  width: 760,
  height: 700,
  markup: `<path d="M180 250 Q180 90 380 90 Q580 90 580 250" fill="none" stroke="#1c1c1c" stroke-width="40"/>
<path d="M600 430 Q700 360 740 300 L760 320 Q720 420 640 520 Z" fill="#9aa3ab"/>
<path d="M150 280 Q380 220 610 280 L660 640 Q660 700 600 700 L160 700 Q100 700 100 640 Z" fill="#b7c0c8"/>
<path d="M170 300 L230 300 L190 660 L130 660 Z" fill="#e6ebef"/>
<ellipse cx="380" cy="262" rx="150" ry="30" fill="#8e979f"/><circle cx="380" cy="230" r="22" fill="#1c1c1c"/>`,
};

/** A ceramic vase with a narrow neck, standing beside or among other things. */
export const vase: Subject = {
  name: "vase",
  width: 420,
  height: 820,
  markup: `<path d="M160 0 L260 0 L255 160 Q410 300 410 540 Q410 760 300 820 L120 820 Q10 760 10 540 Q10 300 165 160 Z" fill="#c4572e"/>
<path d="M60 400 Q200 440 360 400 L372 460 Q200 500 48 460 Z" fill="#e7d3a8"/>
<path d="M150 0 L270 0 L270 24 L150 24 Z" fill="#9e4222"/>`,
};
