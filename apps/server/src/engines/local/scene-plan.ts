import { hex, hsl, mix, type Rgb } from "./color.ts";
import { COLOURS, LIGHTS, THEMES } from "./scene-words.ts";
import { hashString } from "./seeded-random.ts";

/** Where the subject is: the kind of place the prompt describes. */
export type SceneSetting =
  | "studio"
  | "tabletop"
  | "podium"
  | "floor"
  | "beach"
  | "forest"
  | "city"
  | "mountains"
  | "sky"
  | "water"
  | "kitchen"
  | "bathroom"
  | "living room"
  | "cafe";
/** The texture drawn on the supporting surface. */
export type SceneMaterial =
  | "plain"
  | "marble"
  | "wood"
  | "concrete"
  | "linen"
  | "sand"
  | "stone"
  | "tiles"
  | "glass"
  | "water"
  | "grass"
  | "snow";
/** What stands behind the subject above the horizon. */
export type SceneBackdrop = "wall" | "sky" | "foliage" | "studio";
/**
 * How much work a render may take: `fast` for the realtime method, `rich` for the queue
 * method (more texture detail, more blur samples, finer light effects).
 */
export type RenderQuality = "fast" | "rich";

export type SceneCamera = {
  /** The subject fills more of the frame; the horizon sits lower and the backdrop blurs more. */
  closeUp: boolean;
  /** Seen from above: no horizon, the surface fills the frame. */
  topDown: boolean;
  /** 0..1, how strongly the backdrop is thrown out of focus (depth of field). */
  bokeh: number;
};

export type SceneLight = {
  /** Colour the whole scene leans toward. */
  tint: Rgb;
  /** 0..1, how far it leans. */
  amount: number;
  /** Where the light comes from, 0 = left edge, 1 = right edge; undefined lets the seed pick. */
  side: number | undefined;
  /** 0..1: 0 a low sun at the horizon (long shadows), 1 straight overhead (short ones). */
  elevation: number;
  /** 0..1: 0 soft, diffuse light (blurred shadows), 1 hard light (crisp shadows). */
  hardness: number;
  /** The light is behind the subject: rim light on its edges, shadow falling toward camera. */
  backlit: boolean;
  /** 1 is neutral; above 1 darker shadows and brighter highlights. */
  contrast: number;
  /** 0..1, how much the corners darken. */
  vignette: number;
};

/** Everything the renderer needs from the prompt; the seed only varies details. */
export type ScenePlan = {
  /** Backdrop colours, top of the picture → horizon. */
  sky: [Rgb, Rgb];
  /** Floor colours, horizon → bottom of the picture. */
  floor: [Rgb, Rgb];
  setting: SceneSetting;
  material: SceneMaterial;
  /** 0..1, how mirror-like the supporting surface is (glass, water, polished marble). */
  gloss: number;
  backdrop: SceneBackdrop;
  camera: SceneCamera;
  /** 1 as rendered; below 1 a darker background, above 1 a brighter one (edits use it). */
  backgroundGain: number;
  /** 0..1, how strong the subject's contact and cast shadows are; 0 removes them. */
  shadow: number;
  sun: boolean;
  stars: boolean;
  light: SceneLight;
  /** The prompt words that shaped the plan, in the order they were applied. */
  words: string[];
};

const NEUTRAL_LIGHT: SceneLight = {
  tint: hex("#ffffff"),
  amount: 0,
  side: undefined,
  elevation: 0.6,
  hardness: 0.4,
  backlit: false,
  contrast: 1,
  vignette: 0.25,
};

function firstMatch(prompt: string, pattern: RegExp): number {
  const found = pattern.exec(prompt);
  return found ? found.index : -1;
}

/** A palette of the prompt's hash, for prompts that name nothing we know. */
function hashedPlan(prompt: string): ScenePlan {
  const hue = hashString(prompt) % 360;
  return {
    sky: [hsl(hue, 0.32, 0.86), hsl(hue, 0.28, 0.74)],
    floor: [hsl(hue, 0.22, 0.66), hsl(hue, 0.26, 0.48)],
    setting: "studio",
    material: "plain",
    gloss: 0,
    backdrop: "wall",
    camera: { closeUp: false, topDown: false, bokeh: 0.3 },
    backgroundGain: 1,
    shadow: 1,
    sun: false,
    stars: false,
    light: { ...NEUTRAL_LIGHT },
    words: [],
  };
}

function applyColour(plan: ScenePlan, prompt: string): void {
  let best: { name: string; at: number } | undefined;
  for (const name of Object.keys(COLOURS)) {
    const at = firstMatch(prompt, new RegExp(`\\b${name}\\b(?! hour)`));
    if (at >= 0 && (!best || at < best.at)) best = { name, at };
  }
  if (!best) return;
  const colour = hex(COLOURS[best.name] ?? "#808080");
  plan.sky = [
    mix(plan.sky[0], colour, 0.75),
    mix(plan.sky[1], mix(colour, hex("#ffffff"), 0.3), 0.7),
  ];
  plan.floor = [mix(plan.floor[0], colour, 0.35), mix(plan.floor[1], colour, 0.3)];
  plan.words.push(best.name);
}

function applyLights(plan: ScenePlan, prompt: string): void {
  for (const light of LIGHTS) {
    const found = light.word.exec(prompt);
    if (!found) continue;
    const current = plan.light;
    if (light.tint && light.amount) {
      const total = current.amount + light.amount;
      current.tint = mix(current.tint, hex(light.tint), light.amount / total);
      current.amount = Math.min(0.45, total);
    }
    if (light.side !== undefined) current.side ??= light.side;
    if (light.contrast !== undefined) current.contrast *= light.contrast;
    if (light.vignette !== undefined) current.vignette = Math.max(current.vignette, light.vignette);
    plan.words.push(found[0]);
  }
}

/**
 * Reads a background prompt into a scene plan: surfaces ("marble", "wooden", "sandy beach")
 * pick the floor, atmospheres ("forest", "sunset", "night", "studio") the backdrop, the first
 * colour word tints both, and light words ("morning light", "warm", "dramatic") set the light.
 * A prompt naming none of them gets a soft palette from its hash, so every prompt has a look.
 * `revisions` are later instructions (edits), newest last; where they disagree with the prompt
 * or with each other, the newest wins.
 */
export function planScene(prompt: string, revisions: string[] = []): ScenePlan {
  // First version of revisions: surfaces go to the first mention, so the newest comes first.
  const text = [...revisions].reverse().concat(prompt).join(", ").toLowerCase();
  const plan = hashedPlan(text);
  let named = false;

  const surfaces = THEMES.filter((theme) => theme.kind === "surface")
    .map((theme) => ({ theme, at: firstMatch(text, theme.word) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  const surface = surfaces[0]?.theme;
  if (surface) {
    if (surface.sky) plan.sky = [hex(surface.sky[0]), hex(surface.sky[1])];
    if (surface.floor) plan.floor = [hex(surface.floor[0]), hex(surface.floor[1])];
    plan.material = surface.material ?? plan.material;
    plan.backdrop = surface.backdrop ?? plan.backdrop;
    plan.words.push(text.match(surface.word)?.[0] ?? "");
    named = true;
  }

  for (const theme of THEMES.filter((t) => t.kind === "atmosphere")) {
    const found = theme.word.exec(text);
    if (!found) continue;
    if (theme.sky) plan.sky = [hex(theme.sky[0]), hex(theme.sky[1])];
    if (theme.floorTint) {
      const [colour, amount] = theme.floorTint;
      // Without a named surface the atmosphere's own ground colour shows fully.
      const lean = surface ? amount : 0.85;
      plan.floor = [mix(plan.floor[0], hex(colour), lean), mix(plan.floor[1], hex(colour), lean)];
      if (!surface) plan.floor[1] = mix(plan.floor[1], hex("#000000"), 0.2);
    }
    plan.backdrop = theme.backdrop ?? plan.backdrop;
    plan.sun ||= theme.sun ?? false;
    plan.stars ||= theme.stars ?? false;
    plan.words.push(found[0]);
    named = true;
  }

  const before = plan.words.length;
  applyColour(plan, text);
  if (!named && plan.words.length > before) plan.backdrop = "wall";
  applyLights(plan, text);
  return plan;
}
