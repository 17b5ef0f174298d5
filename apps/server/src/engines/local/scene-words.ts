import type { SceneBackdrop, SceneLight, SceneMaterial } from "./scene-plan.ts";

/** The words a background prompt is read for (see planScene), as data. */

export type Theme = {
  word: RegExp;
  /** Surfaces set the floor; the first one in the prompt wins. Atmospheres all apply. */
  kind: "surface" | "atmosphere";
  sky?: [string, string];
  floor?: [string, string];
  /** Atmospheres lean an existing floor toward a colour instead of replacing it. */
  floorTint?: [string, number];
  material?: SceneMaterial;
  backdrop?: SceneBackdrop;
  sun?: boolean;
  stars?: boolean;
};

export const THEMES: Theme[] = [
  {
    word: /\bmarble\b/,
    kind: "surface",
    sky: ["#e9e7e3", "#d9d6d1"],
    floor: ["#f1f0ee", "#d6d4d0"],
    material: "marble",
  },
  {
    word: /\b(wood(en)?|oak|walnut|timber|plank)\b/,
    kind: "surface",
    sky: ["#dccbb5", "#c4ad91"],
    floor: ["#9a6a3e", "#6e4524"],
    material: "wood",
  },
  {
    word: /\b(beach|sand(y)?|seaside|coast|shore|desert|dunes?)\b/,
    kind: "surface",
    sky: ["#6fb7e6", "#cfe9f6"],
    floor: ["#ead7ab", "#d2b37f"],
    material: "sand",
    backdrop: "sky",
  },
  {
    word: /\b(grass(y)?|meadow|lawn|park|field)\b/,
    kind: "surface",
    sky: ["#8cc6ec", "#dff0f8"],
    floor: ["#7fae4e", "#4f7f2e"],
    material: "grass",
    backdrop: "sky",
  },
  {
    word: /\b(stone|slate|concrete|rock(s|y)?|street|urban|granite)\b/,
    kind: "surface",
    sky: ["#c9ccd0", "#aeb2b7"],
    floor: ["#9a9c9e", "#6d6f72"],
    material: "stone",
  },
  {
    word: /\b(snow(y)?|winter|ice|icy)\b/,
    kind: "surface",
    sky: ["#b9d3ea", "#eef4fa"],
    floor: ["#f4f7fb", "#d8e2ee"],
    material: "snow",
    backdrop: "sky",
  },
  {
    word: /\b(kitchen|counter(top)?|table(top)?|desk)\b/,
    kind: "surface",
    sky: ["#ece6dc", "#d8cfc2"],
    floor: ["#e4ddd2", "#c2b8aa"],
    material: "plain",
  },
  {
    word: /\b(studio|seamless|backdrop)\b/,
    kind: "atmosphere",
    sky: ["#d6d6d6", "#bdbdbd"],
    floorTint: ["#b4b4b4", 0.6],
    backdrop: "studio",
  },
  {
    word: /\b(forest|woods|woodland|jungle|trees?|garden|leaves|foliage)\b/,
    kind: "atmosphere",
    sky: ["#27502f", "#7fa865"],
    floorTint: ["#4d6b33", 0.45],
    backdrop: "foliage",
  },
  {
    word: /\b(sunset|sunrise|dusk|dawn|golden hour)\b/,
    kind: "atmosphere",
    sky: ["#6d5a9e", "#ffae73"],
    floorTint: ["#f08a5d", 0.25],
    backdrop: "sky",
    sun: true,
  },
  {
    word: /\b(night|midnight|moon(lit)?|stars|starry)\b/,
    kind: "atmosphere",
    sky: ["#070d24", "#1e2d5a"],
    floorTint: ["#141b33", 0.6],
    backdrop: "sky",
    stars: true,
  },
];

export const COLOURS: Record<string, string> = {
  red: "#c8332f",
  crimson: "#a3192e",
  orange: "#ee8a35",
  yellow: "#f2d04b",
  gold: "#d4a93c",
  golden: "#d9a441",
  green: "#4f9a55",
  mint: "#a8dcc0",
  teal: "#2a8c8c",
  turquoise: "#3cc4c0",
  blue: "#3d73c9",
  navy: "#1d2e5c",
  purple: "#7d4fa8",
  violet: "#8a5cc7",
  lavender: "#b9a4dc",
  pink: "#ee8fb4",
  white: "#f5f5f3",
  black: "#1b1b1d",
  grey: "#8f9296",
  gray: "#8f9296",
  beige: "#dccfb6",
  cream: "#f1e8d2",
  brown: "#7a5234",
  terracotta: "#c0653f",
};

export type LightWord = { word: RegExp } & Partial<Omit<SceneLight, "tint">> & { tint?: string };

export const LIGHTS: LightWord[] = [
  { word: /\bmorning( light)?\b/, tint: "#fff0cf", amount: 0.25, side: 0.2 },
  {
    word: /\b(sunny|sunlit|sunlight|daylight|bright)\b/,
    tint: "#fff6dc",
    amount: 0.2,
    contrast: 1.08,
  },
  { word: /\b(warm|cozy|cosy|candle(lit)?)\b/, tint: "#ffb36b", amount: 0.22 },
  { word: /\b(cool|cold|icy|blue hour)\b/, tint: "#a9c6ff", amount: 0.2 },
  { word: /\b(evening|afternoon)\b/, tint: "#ffc58a", amount: 0.18, side: 0.8 },
  { word: /\b(soft|diffused?|gentle|airy)\b/, contrast: 0.9, vignette: 0.12 },
  { word: /\b(dramatic|moody|dark|spotlight|cinematic)\b/, contrast: 1.3, vignette: 0.6 },
  { word: /\b(pastel|minimal(ist)?|clean)\b/, contrast: 0.92 },
];
