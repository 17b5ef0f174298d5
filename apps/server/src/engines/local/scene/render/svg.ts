import { clamp, type Rgb, toHex } from "../../common/index.ts";
import type { RenderQuality, SceneGeometry, ScenePlan } from "../../types.ts";

/** Small SVG helpers shared by the scene's drawings. */

export type Random = () => number;

/** What every backdrop drawing gets: where, what, the seed's dice and how much detail. */
export type Canvas = {
  geometry: SceneGeometry;
  plan: ScenePlan;
  random: Random;
  quality: RenderQuality;
  /** Where the light comes from, in pixels across. */
  lightX: number;
  /** The render's seed: props roll their own dice from it, so adding one moves no other. */
  seed: number;
};

export const fixed = (value: number) => value.toFixed(1);
export const opacity = (value: number) => clamp(value, 0, 1).toFixed(3);

export function verticalGradient(id: string, colours: Rgb[], y1: number, y2: number): string {
  const stops = colours
    .map(
      (c, i) =>
        `<stop offset="${(i / Math.max(1, colours.length - 1)).toFixed(3)}" stop-color="${toHex(c)}"/>`,
    )
    .join("");
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${fixed(y1)}" x2="0" y2="${fixed(y2)}">${stops}</linearGradient>`;
}

export function blurFilter(id: string, sigma: number): string {
  return `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${fixed(Math.max(0.1, sigma))}"/></filter>`;
}

/** A soft radial glow: full colour in the middle fading to nothing. */
export function glow(id: string, colour: Rgb, strength: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${toHex(colour)}" stop-opacity="${opacity(strength)}"/><stop offset="0.4" stop-color="${toHex(colour)}" stop-opacity="${opacity(strength * 0.45)}"/><stop offset="1" stop-color="${toHex(colour)}" stop-opacity="0"/></radialGradient>`;
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra = "",
): string {
  return `<ellipse cx="${fixed(cx)}" cy="${fixed(cy)}" rx="${fixed(rx)}" ry="${fixed(ry)}" fill="${fill}" ${extra}/>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(Math.max(0, w))}" height="${fixed(Math.max(0, h))}" fill="${fill}" ${extra}/>`;
}

/** Where the subject stands, or the middle of the floor when the composite did not say. */
export function subjectBox(geometry: SceneGeometry) {
  const { width, height, horizon } = geometry;
  return (
    geometry.subject ?? {
      left: width * 0.35,
      right: width * 0.65,
      top: horizon - height * 0.25,
      bottom: horizon + (height - horizon) * 0.45,
    }
  );
}
