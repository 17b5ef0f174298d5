import {
  darken,
  hex,
  luma,
  mix,
  muted,
  pastel,
  type Rgb,
  saturate,
  vibrant,
  WHITE,
} from "../../common/index.ts";
import type { ScenePlan, SceneProp, SceneSetting, TimeOfDay } from "../../types.ts";
import { groundOf, nearestScene, PHOTOS, surfacePhoto } from "../library/index.ts";
import { intentOf, mergeIntents, type SceneIntent, withOnlyProps } from "./intent.ts";
import { applyAutumnLook, applyPropLooks } from "./prop-looks.ts";
import { drawableProps, undrawnPhrases } from "./props.ts";
import { MATERIAL_COLOURS, SETTING_LOOKS, TIME_LIGHTS, TIME_SKIES } from "./settings.ts";
import { onWhite } from "./white.ts";
import { COLOURS, MATERIAL_GLOSS } from "./words.ts";

const pair = ([a, b]: [string, string]): [Rgb, Rgb] => [hex(a), hex(b)];
const both = (colours: [Rgb, Rgb], move: (c: Rgb) => Rgb): [Rgb, Rgb] => [
  move(colours[0]),
  move(colours[1]),
];

/** Places without a named setting: a surface suggests one, anything else is a studio. */
function settingFor(intent: SceneIntent): SceneSetting {
  if (intent.setting) return intent.setting;
  if (intent.podium) return "podium";
  // A brick wall wants a table in front of it, not a studio sweep.
  if (intent.props?.includes("brick wall") && !intent.material) return "tabletop";
  switch (intent.material) {
    case "sand":
      return "beach";
    case "water":
      return "water";
    case "grass":
      return "sky";
    case "snow":
      return "mountains";
    case undefined:
    case "plain":
      return "studio";
    default:
      return "tabletop";
  }
}

/** A named colour on a wall: studio paper takes it fully, outdoor skies only a little. */
function colourBackdrop(plan: ScenePlan, colour: Rgb, outdoor: boolean): void {
  if (outdoor) {
    plan.sky = both(plan.sky, (c) => mix(c, colour, 0.3));
    return;
  }
  const paper = plan.setting === "studio" || plan.setting === "podium";
  plan.sky = [mix(plan.sky[0], colour, paper ? 0.85 : 0.6), mix(colour, WHITE, 0.22)];
  if (!paper) plan.sky[1] = mix(plan.sky[1], plan.sky[0], 0.4);
}

function applyTime(plan: ScenePlan, time: TimeOfDay, outdoor: boolean): void {
  const light = TIME_LIGHTS[time];
  plan.light.tint = hex(light.tint);
  plan.light.amount = light.amount;
  plan.light.elevation = light.elevation;
  const sky = TIME_SKIES[time];
  if (outdoor && sky && plan.backdrop !== "foliage") plan.sky = pair(sky);
  if (light.darkness > 0) {
    const keep = 1 - light.darkness * (outdoor ? 0.7 : 0.75);
    if (!outdoor || plan.backdrop === "foliage") plan.sky = both(plan.sky, (c) => darken(c, keep));
    plan.floor = both(plan.floor, (c) => darken(c, keep));
  }
  plan.sun = outdoor && (time === "golden hour" || time === "sunset" || time === "morning");
  plan.stars = outdoor && time === "night" && plan.backdrop !== "foliage";
  if (time === "night") {
    plan.light.vignette = Math.max(plan.light.vignette, 0.45);
    plan.light.hardness = Math.max(plan.light.hardness, 0.55);
  }
  if (time === "golden hour" || time === "sunset") plan.light.hardness = 0.6;
  if (time === "day") plan.light.hardness = Math.max(plan.light.hardness, 0.65);
}

function applyTone(plan: ScenePlan, move: (c: Rgb) => Rgb): void {
  plan.sky = both(plan.sky, move);
  plan.floor = both(plan.floor, move);
}

const DARK_SET: { sky: [Rgb, Rgb]; floor: [Rgb, Rgb] } = {
  sky: [hex("#0d0d10"), hex("#1d1c21")],
  floor: [hex("#2a292e"), hex("#141417")],
};

/**
 * The library's photographed scene nearest to the plan: its textures start from their own
 * colours unless the prompt named a colour for them, and a dark set starts dark.
 */
function applyLibraryScene(plan: ScenePlan, intent: SceneIntent): void {
  const scene = nearestScene(plan);
  if (!scene) return;
  plan.scene = scene.id;
  if (plan.setting === "white") return;
  const photo = surfacePhoto(scene, plan.material, intent.material !== undefined);
  if (photo) plan.surfacePhoto = photo;
  plan.backdropBase = mix(plan.sky[0], plan.sky[1], 0.5);
  if (scene.dark) {
    if (!intent.backdropColour) plan.sky = DARK_SET.sky;
    if (!intent.surfaceColour) plan.floor = DARK_SET.floor;
    plan.light.vignette = Math.max(plan.light.vignette, 0.45);
    return;
  }
  const wall = scene.wall && PHOTOS[scene.wall].mean;
  if (wall && !intent.backdropColour) plan.sky = [darken(wall, 0.9), wall];
  // Without a texture of its own, the floor continues the photographed view's ground, unless
  // the prompt named what the product stands on.
  const ground = !photo && !intent.material && scene.view ? groundOf(scene.view) : undefined;
  const surface = photo ? PHOTOS[photo].mean : ground;
  if (surface && !intent.surfaceColour && !(plan.backdrop === "studio" && intent.backdropColour)) {
    plan.floor = [surface, darken(surface, 0.85)];
  }
}

/** Builds the full plan from what the texts named, starting from the place's own look. */
function planFromIntent(intent: SceneIntent): ScenePlan {
  const setting = settingFor(intent);
  const look = SETTING_LOOKS[setting];
  const material = intent.material ?? look.material;
  const place = { setting, material, outdoor: look.outdoor, topDown: intent.topDown ?? false };
  const props = drawableProps(intent.props ?? [], place);
  const undrawn = undrawnPhrases(intent.propMentions ?? [], props);
  const plan: ScenePlan = {
    sky: pair(look.sky),
    floor: pair(look.floor),
    setting,
    material,
    gloss: MATERIAL_GLOSS[material],
    backdrop: look.backdrop,
    camera: { closeUp: false, topDown: false, bokeh: look.bokeh },
    backgroundGain: 1,
    shadow: 1,
    castShadow: true,
    sun: false,
    stars: false,
    light: {
      tint: hex("#fff9f0"),
      amount: 0.04,
      side: intent.side,
      elevation: 0.6,
      hardness: 0.35,
      backlit: intent.backlit ?? false,
      contrast: 1,
      vignette: 0.18,
    },
    podium: setting === "podium" || (intent.podium ?? false),
    podiumColour: intent.podiumColour ? hex(COLOURS[intent.podiumColour] ?? "#808080") : undefined,
    neon: intent.neon ?? false,
    window: intent.window ?? false,
    props,
    time: intent.time,
    // A prop that will not be drawn is not understood: the prompt reading reports it left out.
    words: [...new Set(intent.words.filter((word) => !undrawn.has(word)))],
  };
  applyPropLooks(plan, look.outdoor, intent.material !== undefined);
  const ownColours = intent.material ? MATERIAL_COLOURS[intent.material] : undefined;
  // A place's own surface keeps the place's colours (a café's darker wood, say).
  if (ownColours && intent.material !== look.material) plan.floor = pair(ownColours);

  applyLibraryScene(plan, intent);
  if (intent.autumn) applyAutumnLook(plan);

  if (intent.finish === "glossy") plan.gloss = Math.min(1, plan.gloss + 0.35);
  if (intent.finish === "matte") plan.gloss *= 0.3;

  if (intent.surfaceColour) {
    const colour = hex(COLOURS[intent.surfaceColour] ?? "#808080");
    plan.floor = [mix(plan.floor[0], colour, 0.7), mix(plan.floor[1], darken(colour, 0.8), 0.7)];
  }
  if (intent.backdropColour) {
    const colour = hex(COLOURS[intent.backdropColour] ?? "#808080");
    colourBackdrop(plan, colour, look.outdoor);
    // Seamless paper runs from the wall under the subject in one colour.
    // Outdoors a coloured sky leaves the ground its own colour.
    const lean = intent.surfaceColour || look.outdoor ? 0 : plan.backdrop === "studio" ? 0.8 : 0.25;
    plan.floor = [mix(plan.floor[0], colour, lean), mix(plan.floor[1], darken(colour, 0.82), lean)];
  }

  if (intent.time) applyTime(plan, intent.time, look.outdoor);
  if (intent.hardness === "soft") {
    plan.light.hardness = 0.12;
    plan.light.contrast = 0.94;
  }
  if (intent.hardness === "hard") {
    plan.light.hardness = 0.92;
    plan.light.contrast = 1.12;
  }
  if (intent.warmth) {
    const tint = hex(intent.warmth === "warm" ? "#ffb36b" : "#a9c6ff");
    plan.light.tint = mix(plan.light.tint, tint, plan.light.amount > 0.1 ? 0.5 : 1);
    plan.light.amount = Math.max(plan.light.amount, 0.22);
  }
  if (intent.mood === "dramatic") {
    plan.light.contrast *= 1.25;
    plan.light.vignette = Math.max(plan.light.vignette, 0.55);
    plan.light.hardness = Math.max(plan.light.hardness, 0.7);
  }
  if (intent.mood === "bright") {
    plan.light.contrast *= 0.95;
    applyTone(plan, (c) => mix(c, WHITE, 0.25));
  }
  if (intent.neon) {
    plan.light.tint = hex("#c77dff");
    plan.light.amount = Math.max(plan.light.amount, 0.15);
    // Neon reads on a dark wall; it is a night light outdoors.
    if (!intent.time && !look.outdoor)
      applyTone(plan, (c) => darken(mix(c, [40, 36, 70], 0.5), 0.4));
    if (!intent.time && look.outdoor) applyTime(plan, "night", true);
    plan.light.vignette = Math.max(plan.light.vignette, 0.4);
  }
  if (intent.stormy) {
    plan.light.tint = hex("#c4cfdd");
    plan.light.amount = Math.max(plan.light.amount, 0.14);
    plan.light.hardness = 0.08;
    plan.sun = false;
    if (look.outdoor) plan.sky = pair(["#3f4a5a", "#8b95a3"]);
    plan.floor = both(plan.floor, (c) => darken(c, 0.8));
  }
  if (intent.foggy) {
    plan.fog = 0.75;
    plan.sun = false;
    plan.light.hardness = Math.min(plan.light.hardness, 0.15);
    plan.light.contrast *= 0.9;
  }
  if (intent.spotlight) {
    plan.spotlight = true;
    plan.light.hardness = Math.max(plan.light.hardness, 0.8);
    plan.light.vignette = Math.max(plan.light.vignette, 0.5);
  }
  if (intent.backlit) {
    plan.light.elevation = Math.min(plan.light.elevation, 0.3);
    plan.light.contrast *= 1.05;
  }

  switch (intent.tone) {
    case "pastel":
      applyTone(plan, pastel);
      plan.light.contrast *= 0.92;
      break;
    case "dark":
      applyTone(plan, (c) => darken(c, luma(c) > 120 ? 0.35 : 0.6));
      plan.light.vignette = Math.max(plan.light.vignette, 0.35);
      break;
    case "vibrant":
      applyTone(plan, vibrant);
      plan.light.contrast *= 1.05;
      break;
    case "muted":
      applyTone(plan, muted);
      break;
  }

  plan.camera.closeUp = intent.closeUp ?? false;
  plan.camera.topDown = intent.topDown ?? false;
  if (plan.camera.closeUp) plan.camera.bokeh = Math.max(plan.camera.bokeh, 0.7);
  if (intent.bokeh === "shallow") plan.camera.bokeh = 0.95;
  if (intent.bokeh === "deep") plan.camera.bokeh = 0.05;
  if (intent.noShadow) plan.shadow = 0;
  if (setting === "white") return onWhite(plan);
  // Keep backdrops believable: nothing fully black or fully saturated.
  plan.sky = both(plan.sky, (c) => saturate(c, 1));
  return plan;
}

/**
 * What a word or phrase names when read alone (its place, surface, light…), without the words:
 * words naming the same are synonyms of each other.
 */
export function meaningOf(text: string): Omit<SceneIntent, "words" | "propMentions"> {
  const { words: _, propMentions: __, ...named } = intentOf(text);
  return named;
}

/** The scene words a text names, cheap enough to call on every edit instruction. */
export function sceneWordsIn(text: string): string[] {
  return intentOf(text).words;
}

/**
 * A prompt read into what it names. A generation reads its prompt once (readScene) and hands the
 * reading to everything that needs the prompt's words: the props its kept scene records, its plan.
 */
export type SceneReading = { readonly prompt: string; readonly intent: SceneIntent };

/** Reads a prompt into what it names, or gives back the reading of a prompt read already. */
export function readScene(prompt: string | SceneReading): SceneReading {
  return typeof prompt === "string" ? { prompt, intent: intentOf(prompt) } : prompt;
}

/** The props a prompt names (before any place's rules), as a kept scene records them. */
export function propsNamedIn(prompt: string | SceneReading): SceneProp[] {
  return readScene(prompt).intent.props ?? [];
}

/**
 * Reads a background prompt into a scene plan: a place ("on a beach", "in a café"), a surface
 * ("marble", "oak"), colours ("sage green", with "pastel", "dark" or "vibrant"), light ("golden
 * hour", "soft", "neon", "backlit"), camera hints ("close-up", "flat lay", "bokeh") and props
 * ("lemons", "christmas lights"). A prompt naming none of them gets a neutral studio sweep,
 * tinted by whatever it did name. `revisions` are later instructions (edits), newest last: each
 * replaces what it names. `promptProps`, when given, are the only props the prompt itself draws.
 * `prompt` may be given read already (readScene), so it is not read again.
 */
export function planScene(
  prompt: string | SceneReading,
  revisions: string[] = [],
  promptProps?: SceneProp[],
): ScenePlan {
  const first = readScene(prompt).intent;
  const later = revisions.map(intentOf);
  const own = promptProps ? withOnlyProps(first, promptProps) : first;
  return planFromIntent(mergeIntents([own, ...later]));
}
