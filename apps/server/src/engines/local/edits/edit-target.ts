import { planScene } from "../scene/index.ts";
import { dropNegations } from "./edit-plan.ts";

/**
 * Whether an edit prompt asks to change the subject itself ("make the bike blue", "change her
 * dress", "remove the logo"): the engine re-renders the scene around a kept cut-out, so such an
 * edit would change something else (a blue background) and must be refused before it is charged.
 * A rule of thumb on the words, not a grammar: a change verb's object, a possessive, or a colour
 * or look word right before a noun, that names no part of the scene, the light or the picture.
 */

/** What an edit may name as its object: the scene and its parts, its light, the whole picture. */
const BACKDROP_NOUNS = new Set(
  (
    "background backgrounds backdrop backdrops surroundings surrounding environment setting " +
    "scene scenery place location room wall walls sky skies floor ground surface table counter " +
    "tabletop podium pedestal plinth stand light lights lighting sun sunlight shadow shadows " +
    "reflection reflections blur bokeh focus depth horizon weather atmosphere ambience ambiance " +
    "landscape view rest it everything everywhere all picture pictures image images photo photos " +
    "photograph shot frame thing whole overall composition result version edit"
  ).split(" "),
);

/** Qualities of a thing: alone they mean the whole picture's ("change the colours"). */
const ATTRIBUTES = new Set(
  (
    "colour color colours colors shade shades hue hues tint tone tones look looks appearance " +
    "style texture pattern finish size shape brightness saturation contrast exposure " +
    "temperature warmth feel vibe mood grade grading balance correction filter"
  ).split(" "),
);

/** The planner's colour names (scene/plan/words.ts), plus a few it does not know. */
const COLOURS = new Set(
  (
    "red crimson burgundy orange peach coral yellow mustard gold golden green sage olive emerald " +
    "mint teal turquoise blue navy cobalt purple violet lilac lavender pink blush magenta white " +
    "ivory black charcoal grey gray silver beige cream taupe brown chocolate terracotta rust " +
    "maroon tan khaki cyan indigo"
  ).split(" "),
);

/** Look words that end an object ("make the background darker"). */
const LOOKS = new Set(
  (
    "warm warmer cool cooler cold colder bright brighter brightness dark darker dim dimmer " +
    "lighter soft softer sharp sharper crisp crisper vivid vibrant muted faded saturated " +
    "desaturated monochrome sepia vintage dramatic moody moodier cinematic dreamy pastel pale " +
    "deep deeper bold glossy glossier shiny shinier matte blurry blurrier blurred sunny sunnier " +
    "cosy cozy pop punchy punchier bigger smaller larger nicer better prettier darken brighten"
  ).split(" "),
);

/** Look words that describe the noun after them ("warmer light", "brighter product"). */
const COMPARATIVES = new Set(
  "warmer cooler brighter darker lighter softer sharper bigger smaller shinier glossier".split(" "),
);

/** Verbs whose object is the thing changed. */
const VERBS = new Set(
  (
    "make makes making turn paint colour color colourise colorize recolour recolor recolored " +
    "recoloured dye change changing swap switch replace remove delete erase hide rid fix " +
    "retouch edit modify alter adjust give brighten darken lighten sharpen blur soften whiten " +
    "enlarge shrink resize rotate flip clean smooth take"
  ).split(" "),
);

/** Skipped before an object: articles, particles, "whole". */
const LEADING = new Set(
  (
    "the a an this that these those my our your some any whole entire both just only up down " +
    "off out away over please also too of"
  ).split(" "),
);

/** People and the subject as pronouns, as objects or owners ("make him smile", "its colour"). */
const PERSONS = new Set(
  "him her them he she his hers their theirs its me himself herself themselves".split(" "),
);

/** Words that end an object: prepositions, verbs of being, degree words. */
const STOPS = new Set(
  (
    "to into in on at with from for by like as of than under over behind around near next " +
    "beside above below without so more less much very really bit little lot a an the is are " +
    "be should look looks looking please now again too instead also if while it"
  ).split(" "),
);

/** Between a thing and its new colour: "the shoes should be red", "the bike in blue". */
const LINKS = new Set("should be is are to in look looks more much a bit little".split(" "));

/** Clauses that add things to the scene: their colours are not the subject's. */
const ADDING = /\b(add|adding|put|place|with|include|surround(ed)?|scatter|decorate)\b/;

/** Phrases with colour names that name no colour of a thing. */
const COLOUR_PHRASES =
  /\b(golden hour|golden light|blue hour|black (and|&) white|b ?[&/] ?w|white balance)\b/g;

const sceneWords = new Map<string, boolean>();

/** Whether the planner reads the word as part of a scene (a place, surface, light, time). */
function namesScene(word: string): boolean {
  let found = sceneWords.get(word);
  if (found === undefined) {
    found = planScene(word).words.some((w) => w.trim() !== "");
    if (sceneWords.size < 2000) sceneWords.set(word, found);
  }
  return found;
}

/** "let's", "that's": contractions, not owners. */
const NOT_OWNERS = /^(it|let|that|what|there|here|he|she|who|where)'s$/;

const isBackdrop = (word: string) => BACKDROP_NOUNS.has(word) || namesScene(word);
const isComplement = (word: string) => COLOURS.has(word) || LOOKS.has(word);

/** Whether a token can be part of a thing's name (not a stop, verb, colour or look word). */
function isThing(token: string | undefined): boolean {
  return token !== undefined && !STOPS.has(token) && !VERBS.has(token) && !isComplement(token);
}

/** An object read from a clause: its words, who owns it ("his", "the cup's"), where it ended. */
type Phrase = { words: string[]; owner: string | undefined; end: number };

function phraseAt(tokens: string[], start: number): Phrase {
  let i = start;
  let owner: string | undefined;
  const words: string[] = [];
  while (i < tokens.length) {
    const token = tokens[i] ?? "";
    const possessive = /^([a-z]+)'s?$/.exec(token);
    if (words.length === 0 && LEADING.has(token)) {
      i++;
    } else if (words.length === 0 && owner === undefined && PERSONS.has(token)) {
      owner = token;
      i++;
    } else if (words.length === 0 && isComplement(token) && isThing(tokens[i + 1])) {
      // An adjective before the thing: "the red bike", "warmer light".
      i++;
    } else if (possessive && owner === undefined && !NOT_OWNERS.test(token)) {
      owner = possessive[1];
      words.length = 0;
      i++;
    } else if (token === "of" && words.length > 0 && words.every((w) => ATTRIBUTES.has(w))) {
      // "the colour of the bike": the bike is what changes.
      return phraseAt(tokens, i + 1);
    } else if (token === "it" && words.length === 0) {
      return { words: ["it"], owner, end: i + 1 };
    } else if (STOPS.has(token) || VERBS.has(token) || isComplement(token)) {
      break;
    } else {
      words.push(token);
      i++;
    }
  }
  return { words, owner, end: i };
}

/** The thing a phrase names when it is not part of the scene or the picture; else undefined. */
function subjectOf(phrase: Phrase): string | undefined {
  const things = phrase.words.filter((word) => !ATTRIBUTES.has(word));
  if (phrase.words.some(isBackdrop)) return undefined;
  if (things.length > 0) return [phrase.owner, ...things].filter(Boolean).join(" ");
  // Only qualities ("its colour", "the cup's colour"), or none ("make him smile"): the owner's.
  if (phrase.owner === undefined || isBackdrop(phrase.owner)) return undefined;
  return phrase.owner;
}

function subjectInClause(clause: string): string | undefined {
  const tokens = clause.split(/\s+/).filter((token) => token !== "");
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? "";
    // A change verb's object: "make the bike blue", "remove the logo", "make him smile".
    if (VERBS.has(token)) {
      const target = subjectOf(phraseAt(tokens, i + 1));
      if (target) return target;
      continue;
    }
    // An owner anywhere: "her dress", "the cup's colour", "its colour" (not "its shadow").
    if (PERSONS.has(token) || /^[a-z]+'s?$/.test(token)) {
      if (token === "me" || NOT_OWNERS.test(token)) continue;
      const target = subjectOf(phraseAt(tokens, i));
      if (target) return target;
    }
  }
  // A clause that goes on from an earlier verb: "… and the bike red".
  if (/^(the|this|that|these|those)$/.test(tokens[0] ?? "")) {
    const phrase = phraseAt(tokens, 0);
    let end = phrase.end;
    while (LINKS.has(tokens[end] ?? "")) end++;
    if (isComplement(tokens[end] ?? "")) {
      const target = subjectOf(phrase);
      if (target) return target;
    }
  }
  // A colour or look word before a thing: "red shoes", "a brighter product" (not "blue sky").
  if (ADDING.test(clause)) return undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? "";
    if (!COLOURS.has(token) && !COMPARATIVES.has(token)) continue;
    const phrase = phraseAt(tokens, i + 1);
    if (phrase.owner !== undefined || phrase.end === i + 1) continue;
    const target = subjectOf(phrase);
    if (target) return target;
  }
  return undefined;
}

/** An edit prompt's clauses, lower case, with colour phrases that name no thing's colour set aside. */
function clausesOf(prompt: string): string[] {
  const text = dropNegations(prompt.toLowerCase().replace(/[’‘`]/g, "'"))
    .replace(COLOUR_PHRASES, " scene ")
    .replace(/[^a-z'&\s,.;:!?()/-]/g, " ")
    .replace(/-/g, " ");
  return text.split(/[,.;:!?()/&]|\b(?:and|then|but|or|plus)\b/).filter(Boolean);
}

/**
 * The thing other than the scene an edit prompt asks to change ("bike", "her dress", "him"), or
 * undefined when it names none. Pure and quick: a few regular expressions and planner look-ups.
 */
export function subjectTarget(prompt: string): string | undefined {
  for (const clause of clausesOf(prompt)) {
    const target = subjectInClause(clause);
    if (target) return target;
  }
  return undefined;
}

/** Verbs that would restyle their object rather than add it or take it away. */
const RESTYLING = new Set(
  "make turn paint colour color recolour recolor dye change tint".split(" "),
);
/** Parts of the scene whose colour an edit does change. */
const RECOLOURABLE = new Set(
  "background backgrounds backdrop backdrops wall walls floor sky".split(" "),
);

/**
 * The prop an edit prompt asks to recolour or restyle ("make the lemons blue", "change the
 * plant's colour"), or undefined. Props are drawn as they come: an edit adds or removes them,
 * and their new colour would land on the backdrop instead.
 */
export function restyledProp(prompt: string): string | undefined {
  for (const clause of clausesOf(prompt)) {
    if (ADDING.test(clause)) continue;
    const tokens = clause.split(/\s+/).filter((token) => token !== "");
    const verb = tokens.findIndex((token) => RESTYLING.has(token));
    const restyles = tokens.some((token) => isComplement(token) || ATTRIBUTES.has(token));
    if (verb < 0 || !restyles) continue;
    const phrase = phraseAt(tokens, verb + 1);
    if (phrase.words.some((word) => RECOLOURABLE.has(word))) continue;
    const named = [phrase.owner, ...phrase.words].filter(Boolean).join(" ");
    if (named && planScene(named).props.length > 0) return named;
  }
  return undefined;
}
