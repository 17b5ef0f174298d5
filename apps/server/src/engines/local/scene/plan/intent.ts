import type { SceneMaterial, SceneProp, SceneSetting, TimeOfDay } from "../../types.ts";
import { colourOfProp, type PropMention, propsAfter, readProps } from "./props.ts";
import {
  AUTUMN_WORDS,
  BACKLIT_WORDS,
  BOKEH_WORDS,
  BRIGHT_WORDS,
  CLOSE_UP_WORDS,
  COLOUR_EXCEPTIONS,
  COLOURS,
  COOL_WORDS,
  DRAMATIC_WORDS,
  FOG_WORDS,
  GLOSSY_WORDS,
  HARD_WORDS,
  LIGHT_LEFT,
  LIGHT_RIGHT,
  MATERIAL_WORDS,
  MATTE_WORDS,
  NEON_WORDS,
  NO_SHADOW_WORDS,
  SETTING_WORDS,
  SHARP_BACKGROUND_WORDS,
  SHOP_WORDS,
  SOFT_WORDS,
  SPOTLIGHT_WORDS,
  STORM_WORDS,
  TIME_WORDS,
  TONE_WORDS,
  TOP_DOWN_WORDS,
  type Tone,
  WARM_WORDS,
  WINDOW_WORDS,
} from "./words.ts";

/**
 * What one text (a prompt or an edit) names. Every field is optional: merging texts in order
 * lets a later one replace exactly what it names and keep the rest.
 */
export type SceneIntent = {
  setting?: SceneSetting;
  podium?: boolean;
  material?: SceneMaterial;
  finish?: "glossy" | "matte";
  backdropColour?: string;
  surfaceColour?: string;
  podiumColour?: string;
  tone?: Tone;
  time?: TimeOfDay;
  hardness?: "soft" | "hard";
  warmth?: "warm" | "cool";
  mood?: "dramatic" | "bright";
  /** Autumn colours: warm light, amber foliage. */
  autumn?: boolean;
  neon?: boolean;
  backlit?: boolean;
  window?: boolean;
  side?: number;
  closeUp?: boolean;
  topDown?: boolean;
  bokeh?: "shallow" | "deep";
  noShadow?: boolean;
  spotlight?: boolean;
  stormy?: boolean;
  foggy?: boolean;
  /** The props named so far, after this text's additions and removals. */
  props?: SceneProp[];
  /** Every prop phrase read, so the planner can leave out the words of props it cannot draw. */
  propMentions?: PropMention[];
  words: string[];
};

const SURFACE_NOUNS = new RegExp(
  [...MATERIAL_WORDS.map(([, word]) => word.source), "\\b(floor|table|counter|surface|ground)\\b"]
    .map((source) => `(${source})`)
    .join("|"),
);

const PODIUM_NOUNS = /\b(podium|pedestal|plinth|pillar|cylinder|riser)\b/;

function find(text: string, pattern: RegExp, words: string[]): boolean {
  const found = pattern.exec(text);
  if (found) words.push(found[0]);
  return found !== null;
}

/** The first entry whose pattern matches earliest in the text; ties go to the list's order. */
function earliest<T>(text: string, table: [T, RegExp][], words: string[]): T | undefined {
  let best: { value: T; at: number; word: string } | undefined;
  for (const [value, pattern] of table) {
    const found = pattern.exec(text);
    if (found && (!best || found.index < best.at))
      best = { value, at: found.index, word: found[0] };
  }
  if (best) words.push(best.word);
  return best?.value;
}

/** The most specific setting named (a café beats a table in it), not the first mentioned. */
function settingIn(text: string, words: string[]): SceneSetting | undefined {
  for (const [setting, pattern] of SETTING_WORDS) {
    if (setting === "podium") continue;
    if (find(text, pattern, words)) return setting;
  }
  return undefined;
}

/**
 * Colour words: one right before a surface ("white marble", "pink linen cloth") colours the
 * surface, any other the backdrop. The first of each kind counts.
 */
function coloursIn(text: string, intent: SceneIntent): void {
  const cleaned = text.replace(COLOUR_EXCEPTIONS, " ");
  const found = [...cleaned.matchAll(/[a-z]+/g)];
  let previous: { end: number; word: string } | undefined;
  for (let i = 0; i < found.length; i++) {
    const word = found[i]?.[0] ?? "";
    if (!(word in COLOURS)) continue;
    const start = found[i]?.index ?? 0;
    const after = cleaned.slice(start + word.length, start + word.length + 40);
    const nextWords = after.trim().split(/\s+/).slice(0, 2).join(" ");
    const phrase = nextWords.split(/[,.;]/)[0] ?? "";
    const prop = colourOfProp(after);
    // "Red christmas lights": a colour of a prop that is drawn in its own colours is not read.
    if (prop === "prop") continue;
    // "Sage green": one colour named in two words, drawn as the first.
    if (previous && /^\s+$/.test(cleaned.slice(previous.end, start))) {
      const compound = `${previous.word} ${word}`;
      intent.words[intent.words.lastIndexOf(previous.word)] = compound;
      previous = { end: start + word.length, word: compound };
      continue;
    }
    const field =
      prop === "wall"
        ? "backdropColour"
        : PODIUM_NOUNS.test(phrase)
          ? "podiumColour"
          : SURFACE_NOUNS.test(phrase)
            ? "surfaceColour"
            : "backdropColour";
    previous = undefined;
    // A second colour for what already has one is not drawn: it stays out of the words.
    if (intent[field] !== undefined) continue;
    intent[field] = word;
    intent.words.push(word);
    previous = { end: start + word.length, word };
  }
}

/** Reads one lower-cased text. */
export function intentOf(rawText: string): SceneIntent {
  const intent: SceneIntent = { words: [] };
  const words = intent.words;
  // Props first: the rest of the vocabulary reads the text with their phrases marked out.
  const { mentions, rest: text } = readProps(rawText.toLowerCase());
  if (mentions.length > 0) {
    intent.props = propsAfter([], mentions);
    intent.propMentions = mentions;
    words.push(...mentions.map((mention) => mention.phrase));
  }
  intent.setting = settingIn(text, words);
  // "White background, etsy listing": the shop words are understood too.
  if (intent.setting === "white") find(text, SHOP_WORDS, words);
  const podium = SETTING_WORDS.find(([setting]) => setting === "podium")?.[1];
  if (podium && find(text, podium, words)) intent.podium = true;
  intent.material = earliest(text, MATERIAL_WORDS, words);
  if (find(text, GLOSSY_WORDS, words)) intent.finish = "glossy";
  else if (find(text, MATTE_WORDS, words)) intent.finish = "matte";
  intent.time = latestTime(text, words);
  if (find(text, HARD_WORDS, words)) intent.hardness = "hard";
  if (SPOTLIGHT_WORDS.test(text)) intent.spotlight = true;
  else if (find(text, SOFT_WORDS, words)) intent.hardness = "soft";
  if (find(text, WARM_WORDS, words)) intent.warmth = "warm";
  else if (find(text, COOL_WORDS, words)) intent.warmth = "cool";
  if (find(text, AUTUMN_WORDS, words)) {
    intent.autumn = true;
    intent.warmth ??= "warm";
  }
  if (find(text, DRAMATIC_WORDS, words)) intent.mood = "dramatic";
  else if (find(text, BRIGHT_WORDS, words)) intent.mood = "bright";
  if (find(text, NEON_WORDS, words)) intent.neon = true;
  if (find(text, STORM_WORDS, words)) intent.stormy = true;
  if (find(text, FOG_WORDS, words)) intent.foggy = true;
  if (find(text, BACKLIT_WORDS, words)) intent.backlit = true;
  if (find(text, WINDOW_WORDS, words)) intent.window = true;
  if (find(text, LIGHT_LEFT, words)) intent.side = 0.1;
  else if (find(text, LIGHT_RIGHT, words)) intent.side = 0.9;
  intent.tone = earliest(text, TONE_WORDS, words);
  coloursIn(text, intent);
  if (find(text, CLOSE_UP_WORDS, words)) intent.closeUp = true;
  if (find(text, TOP_DOWN_WORDS, words)) intent.topDown = true;
  if (find(text, BOKEH_WORDS, words)) intent.bokeh = "shallow";
  else if (find(text, SHARP_BACKGROUND_WORDS, words)) intent.bokeh = "deep";
  if (find(text, NO_SHADOW_WORDS, words)) intent.noShadow = true;
  for (const key of Object.keys(intent) as (keyof SceneIntent)[]) {
    if (intent[key] === undefined) delete intent[key];
  }
  return intent;
}

/** Times of day are ordered general → specific, so "golden hour" wins over "afternoon". */
function latestTime(text: string, words: string[]): TimeOfDay | undefined {
  let time: TimeOfDay | undefined;
  let word: string | undefined;
  for (const [value, pattern] of TIME_WORDS) {
    const found = pattern.exec(text);
    if (found) {
      time = value;
      word = found[0];
    }
  }
  if (word) words.push(word);
  return time;
}

/** Later intents replace what they name; the words of all of them are kept, in order. */
export function mergeIntents(intents: SceneIntent[]): SceneIntent {
  const merged: SceneIntent = { words: [] };
  for (const intent of intents) {
    const { words, props: _, propMentions, ...named } = intent;
    if (propMentions) {
      merged.props = propsAfter(merged.props ?? [], propMentions);
      merged.propMentions = [...(merged.propMentions ?? []), ...propMentions];
    }
    // A new place brings its own surface unless the same text names one.
    if (named.setting && !named.material) delete merged.material;
    Object.assign(merged, named);
    merged.words.push(...words);
  }
  return merged;
}

/**
 * The intent with only the given props of its own: the others' phrases are neither drawn nor
 * read (a scene kept before those props were drawn keeps looking as it did).
 */
export function withOnlyProps(intent: SceneIntent, allowed: SceneProp[]): SceneIntent {
  const mentions = intent.propMentions ?? [];
  const kept = mentions.filter(
    (mention) => mention.removes || mention.props.every((prop) => allowed.includes(prop)),
  );
  const dropped = new Set(mentions.filter((m) => !kept.includes(m)).map((m) => m.phrase));
  return {
    ...intent,
    props: propsAfter([], kept),
    propMentions: kept,
    words: intent.words.filter((word) => !dropped.has(word)),
  };
}
