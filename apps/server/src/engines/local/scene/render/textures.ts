import { luma, mix, type Rgb, scale, toHex } from "../../common/index.ts";
import type { RenderQuality, ScenePlan } from "../../types.ts";
import { fixed, type Random } from "./svg.ts";

const TAU = Math.PI * 2;

/**
 * A square of the surface seen straight from above, `size` pixels a side, that repeats
 * seamlessly: surface.ts lays it into perspective. x runs across the picture, y away
 * from the camera. Noise is stitched and every line is periodic, so tiles meet without seams.
 */
export function surfaceTileSvg(
  plan: ScenePlan,
  size: number,
  seed: number,
  random: Random,
  quality: RenderQuality,
): string {
  const base = plan.floor[0];
  const body = tileBody(plan, size, seed, random, quality);
  // Noise costs per octave; a fast render keeps all but the finest, which the blur hides.
  const defs =
    quality === "rich"
      ? body.defs
      : body.defs.replace(
          /numOctaves="(\d+)"/g,
          (_, n) => `numOctaves="${Math.max(2, Number(n) - 1)}"`,
        );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>${defs}</defs>
<rect width="${size}" height="${size}" fill="${toHex(base)}"/>
${body.draw}
</svg>`;
}

/** Fractal noise painted in one colour, its strength following the noise. */
function noise(
  id: string,
  frequency: [number, number],
  octaves: number,
  colour: Rgb,
  opacity: number,
  seed: number,
  type: "fractalNoise" | "turbulence" = "fractalNoise",
) {
  const [r, g, b] = colour.map((c) => (c / 255).toFixed(3));
  const defs = `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
  <feTurbulence type="${type}" baseFrequency="${frequency[0].toFixed(4)} ${frequency[1].toFixed(4)}" numOctaves="${octaves}" seed="${seed}" stitchTiles="stitch"/>
  <feColorMatrix type="matrix" values="0 0 0 0 ${r} 0 0 0 0 ${g} 0 0 0 0 ${b} ${fixed(opacity * 4)} 0 0 0 ${fixed(-opacity * 1.7)}"/>
</filter>`;
  return { defs, id };
}

const layer = (size: number, id: string) =>
  `<rect width="${size}" height="${size}" filter="url(#${id})"/>`;

/** A path across the tile whose height is a sum of whole sine waves, so it wraps. */
function periodicLine(size: number, random: Random, wobble: number, tilt = 0, jagged = false) {
  // Jagged lines add finer whole waves, each weaker: a fractal wiggle like a crack in stone.
  const harmonics = jagged ? [1, 2, 3, 5, 8, 13, 21, 34] : [1, 2, 3, 5];
  const waves = harmonics.map((k) => ({
    k,
    amp: (wobble * size * (random() - 0.3)) / k ** (jagged ? 0.75 : 1),
    phase: random() * TAU,
  }));
  const y0 = random() * size;
  const points: string[] = [];
  // A quarter tile past each side, so filters that move lines sideways find them there too.
  const steps = jagged ? 240 : 72;
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps - 0.25) * size * 1.5;
    let y = y0 + tilt * Math.sin((TAU * x) / size);
    for (const { k, amp, phase } of waves) y += amp * Math.sin((TAU * k * x) / size + phase);
    points.push(`${fixed(x)} ${fixed(y)}`);
  }
  return `M${points.join(" L")}`;
}

/** The same drawing again one tile up and down, so lines leaving the tile come back in. */
const wrapped = (size: number, drawing: string) =>
  `${drawing}<g transform="translate(0 ${size})">${drawing}</g><g transform="translate(0 ${-size})">${drawing}</g>`;

function marble(plan: ScenePlan, size: number, seed: number, random: Random, rich: boolean) {
  // Veins are darker than light stone and lighter than dark stone.
  const vein =
    luma(plan.floor[0]) > 110
      ? scale(plan.floor[1], 0.6)
      : mix(plan.floor[0], [235, 232, 226], 0.6);
  const cloud = noise(
    "cloud",
    [3 / size, 3 / size],
    rich ? 5 : 4,
    scale(plan.floor[1], 0.86),
    0.45,
    seed,
  );
  const veins: string[] = [];
  const count = rich ? 10 : 7;
  for (let i = 0; i < count; i++) {
    const width = (size / 500) * (0.4 + random() * (i < 2 ? 3 : 1.2));
    const opacity = 0.2 + random() * 0.35;
    const tilt = rich ? 0 : (random() - 0.5) * size * 0.3;
    const path = periodicLine(size, random, rich ? 0.03 : 0.035, tilt, !rich);
    veins.push(
      `<path d="${path}" stroke="${toHex(vein)}" stroke-width="${fixed(width)}" stroke-opacity="${opacity.toFixed(2)}" fill="none"/>`,
    );
  }
  const soften = `<filter id="soften"><feGaussianBlur stdDeviation="${fixed(size / 900)}"/></filter>`;
  if (!rich) {
    return {
      defs: `${cloud.defs}${soften}`,
      draw: `${layer(size, cloud.id)}<g filter="url(#soften)">${wrapped(size, veins.join(""))}</g>`,
    };
  }
  // Smooth lines pushed around by fractal noise wander and branch like veins in stone. The
  // filter covers the tile and a margin the displacement pulls veins in from.
  const margin = size * 0.12;
  const wander = `<filter id="wander" filterUnits="userSpaceOnUse" x="${fixed(-margin)}" y="${fixed(-margin)}" width="${fixed(size + margin * 2)}" height="${fixed(size + margin * 2)}">
  <feTurbulence type="fractalNoise" baseFrequency="${(4 / size).toFixed(4)}" numOctaves="4" seed="${seed + 7}" stitchTiles="stitch" result="n"/>
  <feDisplacementMap in="SourceGraphic" in2="n" scale="${fixed(size * 0.22)}" xChannelSelector="R" yChannelSelector="G" result="d"/>
  <feGaussianBlur in="d" stdDeviation="${fixed(size / 900)}"/>
</filter>`;
  return {
    defs: `${cloud.defs}${wander}`,
    draw: `${layer(size, cloud.id)}<g filter="url(#wander)">${wrapped(size, veins.join(""))}</g>`,
  };
}

/**
 * Planks run across the picture, parallel to the horizon, like a table seen from its long
 * side: boards running into the distance would converge into streaks that read as a zoom blur.
 */
function wood(plan: ScenePlan, size: number, seed: number, random: Random, rich: boolean) {
  const planks = 6;
  const plankWidth = size / planks;
  const dark = scale(plan.floor[1], 0.55);
  const grain = noise("grain", [2 / size, 24 / size], rich ? 4 : 3, dark, 0.32, seed);
  const shades: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < planks; i++) {
    const y = i * plankWidth;
    const tone = random();
    const shade = tone < 0.5 ? "#000" : "#fff";
    shades.push(
      `<rect x="0" y="${fixed(y)}" width="${size}" height="${fixed(plankWidth)}" fill="${shade}" opacity="${(Math.abs(tone - 0.5) * 0.14).toFixed(3)}"/>`,
    );
    lines.push(
      `<rect x="0" y="${fixed(y)}" width="${size}" height="${fixed(Math.max(1, size / 400))}" fill="${toHex(scale(dark, 0.7))}" opacity="0.55"/>`,
    );
    const joint = random() * size;
    lines.push(
      `<rect x="${fixed(joint)}" y="${fixed(y)}" width="${fixed(Math.max(1, size / 500))}" height="${fixed(plankWidth)}" fill="${toHex(scale(dark, 0.7))}" opacity="0.45"/>`,
    );
  }
  return { defs: grain.defs, draw: `${layer(size, grain.id)}${shades.join("")}${lines.join("")}` };
}

function tiles(plan: ScenePlan, size: number, seed: number, random: Random) {
  const count = 4;
  const step = size / count;
  const grout = toHex(scale(plan.floor[1], 0.78));
  const cells: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      const tone = (random() - 0.5) * 0.08;
      cells.push(
        `<rect x="${fixed(col * step)}" y="${fixed(row * step)}" width="${fixed(step)}" height="${fixed(step)}" fill="${tone < 0 ? "#000" : "#fff"}" opacity="${Math.abs(tone).toFixed(3)}"/>`,
      );
    }
  }
  const line = Math.max(1.5, size / 180);
  const grid: string[] = [];
  for (let i = 0; i < count; i++) {
    grid.push(
      `<rect x="${fixed(i * step - line / 2)}" y="0" width="${fixed(line)}" height="${size}" fill="${grout}"/>`,
      `<rect x="0" y="${fixed(i * step - line / 2)}" width="${size}" height="${fixed(line)}" fill="${grout}"/>`,
    );
  }
  const mottle = noise("mottle", [3 / size, 3 / size], 3, scale(plan.floor[1], 0.9), 0.15, seed);
  return {
    defs: mottle.defs,
    draw: `${layer(size, mottle.id)}${cells.join("")}${grid.join("")}<rect x="${size - line / 2}" y="0" width="${line}" height="${size}" fill="${grout}"/><rect x="0" y="${size - line / 2}" width="${size}" height="${line}" fill="${grout}"/>`,
  };
}

function sand(plan: ScenePlan, size: number, seed: number, random: Random) {
  const grain = noise("grain", [0.6, 0.6], 2, scale(plan.floor[1], 0.78), 0.32, seed);
  const dunes = noise("dunes", [3 / size, 1.5 / size], 3, scale(plan.floor[1], 0.9), 0.3, seed + 1);
  const ripples: string[] = [];
  for (let i = 0; i < 10; i++) {
    ripples.push(
      `<path d="${periodicLine(size, random, 0.02)}" stroke="${toHex(scale(plan.floor[1], 0.8))}" stroke-width="${fixed(size / 120)}" stroke-opacity="0.22" fill="none"/>`,
    );
  }
  return {
    defs: `${grain.defs}${dunes.defs}<filter id="soft"><feGaussianBlur stdDeviation="${fixed(size / 160)}"/></filter>`,
    draw: `${layer(size, dunes.id)}<g filter="url(#soft)">${wrapped(size, ripples.join(""))}</g>${layer(size, grain.id)}`,
  };
}

function linen(plan: ScenePlan, size: number, seed: number, random: Random) {
  const weftColour = scale(plan.floor[1], 0.85);
  const warp = noise("warp", [0.9, 0.04], 2, weftColour, 0.28, seed);
  const weft = noise("weft", [0.04, 0.9], 2, weftColour, 0.22, seed + 1);
  const folds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const shade = random() < 0.5 ? "#000" : "#fff";
    folds.push(
      `<path d="${periodicLine(size, random, 0.08)}" stroke="${shade}" stroke-width="${fixed(size / 14)}" stroke-opacity="0.07" fill="none"/>`,
    );
  }
  return {
    defs: `${warp.defs}${weft.defs}<filter id="fold"><feGaussianBlur stdDeviation="${fixed(size / 40)}"/></filter>`,
    draw: `<g filter="url(#fold)">${wrapped(size, folds.join(""))}</g>${layer(size, warp.id)}${layer(size, weft.id)}`,
  };
}

function water(plan: ScenePlan, size: number, seed: number, random: Random) {
  const lines: string[] = [];
  for (let i = 0; i < 26; i++) {
    const light = random() < 0.5;
    lines.push(
      `<path d="${periodicLine(size, random, 0.015)}" stroke="${light ? "#fff" : "#000"}" stroke-width="${fixed(size / (60 + random() * 80))}" stroke-opacity="${(0.05 + random() * 0.1).toFixed(2)}" fill="none"/>`,
    );
  }
  const swell = noise("swell", [1 / size, 8 / size], 2, scale(plan.floor[1], 0.8), 0.35, seed);
  return {
    defs: `${swell.defs}<filter id="soft"><feGaussianBlur stdDeviation="${fixed(size / 300)}"/></filter>`,
    draw: `${layer(size, swell.id)}<g filter="url(#soft)">${wrapped(size, lines.join(""))}</g>`,
  };
}

function tileBody(
  plan: ScenePlan,
  size: number,
  seed: number,
  random: Random,
  quality: RenderQuality,
): { defs: string; draw: string } {
  const rich = quality === "rich";
  const single = (...args: Parameters<typeof noise>) => {
    const made = noise(...args);
    return { defs: made.defs, draw: layer(size, made.id) };
  };
  const dark = plan.floor[1];
  switch (plan.material) {
    case "marble":
      return marble(plan, size, seed, random, rich);
    case "wood":
      return wood(plan, size, seed, random, rich);
    case "tiles":
      return tiles(plan, size, seed, random);
    case "sand":
      return sand(plan, size, seed, random);
    case "linen":
      return linen(plan, size, seed, random);
    case "water":
      return water(plan, size, seed, random);
    case "concrete": {
      const blotch = single("blotch", [4 / size, 4 / size], 4, scale(dark, 0.88), 0.3, seed);
      const grit = single("grit", [0.5, 0.5], 2, scale(dark, 0.7), 0.25, seed + 1);
      return { defs: blotch.defs + grit.defs, draw: blotch.draw + grit.draw };
    }
    case "stone": {
      const mottle = single(
        "mottle",
        [6 / size, 6 / size],
        rich ? 5 : 4,
        scale(dark, 0.75),
        0.4,
        seed,
      );
      const speck = single("speck", [0.35, 0.35], 2, scale(dark, 0.6), 0.3, seed + 1);
      return { defs: mottle.defs + speck.defs, draw: mottle.draw + speck.draw };
    }
    case "grass": {
      const blades = single("blades", [0.35, 0.1], 3, scale(dark, 0.7), 0.3, seed, "turbulence");
      const patches = single(
        "patches",
        [4 / size, 4 / size],
        3,
        mix(dark, [200, 210, 120], 0.45),
        0.4,
        seed + 1,
      );
      return { defs: blades.defs + patches.defs, draw: patches.draw + blades.draw };
    }
    case "snow": {
      const drift = single(
        "drift",
        [3 / size, 2 / size],
        3,
        mix(dark, [140, 160, 200], 0.5),
        0.3,
        seed,
      );
      return drift;
    }
    case "glass":
      return single("haze", [2 / size, 2 / size], 2, scale(dark, 0.95), 0.08, seed);
    default:
      // Seamless paper: only a breath of texture so it does not look digital.
      return single("paper", [0.25, 0.25], 2, scale(dark, 0.94), 0.1, seed);
  }
}
