import type { SceneBackdrop, SceneMaterial, SceneSetting, TimeOfDay } from "../../types.ts";

/** What each place looks like before light, colour and camera words change it. */
export type SettingLook = {
  /** Backdrop top → horizon. */
  sky: [string, string];
  /** Surface at the horizon → at the bottom of the picture. */
  floor: [string, string];
  material: SceneMaterial;
  backdrop: SceneBackdrop;
  /** How out of focus the backdrop is by default (a room is, a mountain range is not). */
  bokeh: number;
  outdoor: boolean;
};

export const SETTING_LOOKS: Record<SceneSetting, SettingLook> = {
  white: {
    sky: ["#ffffff", "#ffffff"],
    floor: ["#ffffff", "#ffffff"],
    material: "plain",
    backdrop: "studio",
    bokeh: 0,
    outdoor: false,
  },
  studio: {
    sky: ["#d4d1cc", "#ebe9e5"],
    floor: ["#e9e7e3", "#cdcac4"],
    material: "plain",
    backdrop: "studio",
    bokeh: 0.25,
    outdoor: false,
  },
  podium: {
    sky: ["#dcd9d4", "#ebe8e3"],
    floor: ["#e6e3de", "#cfcbc5"],
    material: "plain",
    backdrop: "studio",
    bokeh: 0.3,
    outdoor: false,
  },
  tabletop: {
    sky: ["#d9d4cc", "#e6e1d9"],
    floor: ["#ece8e2", "#d6d1c9"],
    material: "plain",
    backdrop: "wall",
    bokeh: 0.45,
    outdoor: false,
  },
  floor: {
    sky: ["#e2ded7", "#d8d3cb"],
    floor: ["#b9ab98", "#8f7d66"],
    material: "wood",
    backdrop: "wall",
    bokeh: 0.35,
    outdoor: false,
  },
  beach: {
    sky: ["#5f9fd4", "#cfe4f1"],
    floor: ["#eadbb9", "#d7bf93"],
    material: "sand",
    backdrop: "sky",
    bokeh: 0.35,
    outdoor: true,
  },
  forest: {
    sky: ["#2f4a2c", "#8aa86e"],
    floor: ["#6f7d4a", "#4b5530"],
    material: "grass",
    backdrop: "foliage",
    bokeh: 0.75,
    outdoor: true,
  },
  city: {
    sky: ["#9fb6cc", "#dfe3e6"],
    floor: ["#a4a4a2", "#76777a"],
    material: "concrete",
    backdrop: "wall",
    bokeh: 0.7,
    outdoor: true,
  },
  mountains: {
    sky: ["#6fa3d2", "#dde9f0"],
    floor: ["#9a978c", "#6f6c63"],
    material: "stone",
    backdrop: "sky",
    bokeh: 0.25,
    outdoor: true,
  },
  sky: {
    sky: ["#5a9ad6", "#d9ebf6"],
    floor: ["#e9ebed", "#c9ccd0"],
    material: "concrete",
    backdrop: "sky",
    bokeh: 0.2,
    outdoor: true,
  },
  water: {
    sky: ["#79acd8", "#e3eef4"],
    floor: ["#6f98b4", "#3f6780"],
    material: "water",
    backdrop: "sky",
    bokeh: 0.3,
    outdoor: true,
  },
  kitchen: {
    sky: ["#e4e0d9", "#f1eee9"],
    floor: ["#eeece8", "#d4d0c9"],
    material: "marble",
    backdrop: "wall",
    bokeh: 0.6,
    outdoor: false,
  },
  bathroom: {
    sky: ["#dfe4e4", "#eef1f0"],
    floor: ["#e8e9e7", "#c9ccca"],
    material: "stone",
    backdrop: "wall",
    bokeh: 0.55,
    outdoor: false,
  },
  "living room": {
    sky: ["#d8cdbd", "#e6ddd0"],
    floor: ["#b08b66", "#7d5c3f"],
    material: "wood",
    backdrop: "wall",
    bokeh: 0.65,
    outdoor: false,
  },
  office: {
    sky: ["#dcdad5", "#ebe9e4"],
    floor: ["#c9ad8a", "#a3825d"],
    material: "wood",
    backdrop: "wall",
    bokeh: 0.6,
    outdoor: false,
  },
  cafe: {
    sky: ["#5a4536", "#8a6c55"],
    floor: ["#9a6d48", "#6a452a"],
    material: "wood",
    backdrop: "wall",
    bokeh: 0.8,
    outdoor: false,
  },
};

/** A surface's own colours, used when the prompt names it (not when the place implies it). */
export const MATERIAL_COLOURS: Record<SceneMaterial, [string, string] | undefined> = {
  plain: undefined,
  marble: ["#efeeec", "#d9d7d3"],
  wood: ["#a77a4f", "#75502f"],
  concrete: ["#b3b1ad", "#8e8c88"],
  linen: ["#e9e2d6", "#d3cabb"],
  sand: ["#eadbb9", "#d5bc8f"],
  stone: ["#a9a59c", "#7d7970"],
  tiles: ["#e9e8e4", "#cfcdc8"],
  glass: ["#d8dde0", "#aeb5ba"],
  water: ["#6f98b4", "#3f6780"],
  grass: ["#86a45a", "#55723a"],
  snow: ["#f3f6fa", "#d9e2ec"],
};

/** Open skies at each time of day: top → horizon. */
export const TIME_SKIES: Record<TimeOfDay, [string, string] | undefined> = {
  day: undefined,
  morning: ["#8db8dc", "#f3e6d2"],
  "golden hour": ["#7d8fb3", "#f6c487"],
  sunset: ["#4f4a86", "#f59a66"],
  "blue hour": ["#1f3466", "#7f93c0"],
  night: ["#060a1c", "#1b2850"],
};

/** Each time's light: its colour, how far the scene leans to it, and the sun's height. */
export const TIME_LIGHTS: Record<
  TimeOfDay,
  { tint: string; amount: number; elevation: number; darkness: number }
> = {
  day: { tint: "#fff8ea", amount: 0.08, elevation: 0.75, darkness: 0 },
  morning: { tint: "#ffeccc", amount: 0.16, elevation: 0.4, darkness: 0 },
  "golden hour": { tint: "#ffb55e", amount: 0.32, elevation: 0.15, darkness: 0.05 },
  sunset: { tint: "#ff8e5a", amount: 0.34, elevation: 0.05, darkness: 0.15 },
  "blue hour": { tint: "#7f9cff", amount: 0.3, elevation: 0.05, darkness: 0.4 },
  night: { tint: "#6f86d6", amount: 0.3, elevation: 0.5, darkness: 0.6 },
};
