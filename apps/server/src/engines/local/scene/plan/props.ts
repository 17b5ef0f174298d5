import type { SceneMaterial, SceneProp, SceneSetting } from "../../types.ts";
import { PROP_REMOVAL, PROP_SETS, PROP_WORDS } from "./words.ts";

/** One phrase of a text that names props: which, where, and whether it takes them away. */
export type PropMention = {
  props: SceneProp[];
  start: number;
  end: number;
  /** The words as written, with "no" or "remove the" in front when it removes. */
  phrase: string;
  removes: boolean;
};

/** Props a prop-free wall takes the colour of: "a white brick wall" is painted brick. */
const WALL_PROPS: readonly SceneProp[] = ["brick wall", "drape"];

/**
 * What stands in for a prop's phrase in the text the rest of the vocabulary reads, so the phrase
 * is not read twice and a colour word right before it can tell what it describes: `#` a wall
 * prop (the colour is the wall's), `*` any other (its colour is not drawn).
 */
const WALL_MARK = "#";
const PROP_MARK = "*";

/** Whether a colour word is followed by a prop it cannot colour, or by one it colours as the wall. */
export function colourOfProp(after: string): "wall" | "prop" | undefined {
  const next = after.trimStart()[0];
  if (next === WALL_MARK) return "wall";
  if (next === PROP_MARK) return "prop";
  return undefined;
}

type Candidate = { props: SceneProp[]; start: number; end: number; rank: number };

function candidates(text: string, table: [SceneProp[], RegExp][], rankFrom: number): Candidate[] {
  return table.flatMap(([props, pattern], rank) =>
    [...text.matchAll(new RegExp(pattern.source, "g"))].map((found) => ({
      props,
      start: found.index,
      end: found.index + found[0].length,
      rank: rankFrom + rank,
    })),
  );
}

/** Longest phrases first ("plant shadows" is a shadow, not a plant), then the table's order. */
function claim(text: string, found: Candidate[], mentions: PropMention[]): string {
  let rest = text;
  const sorted = found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.rank - b.rank);
  for (const { props, start, end } of sorted) {
    if (rest.slice(start, end).includes(WALL_MARK) || rest.slice(start, end).includes(PROP_MARK))
      continue;
    const removal = PROP_REMOVAL.exec(text.slice(0, start));
    const from = removal ? removal.index : start;
    mentions.push({ props, start: from, end, phrase: text.slice(from, end), removes: !!removal });
    const mark = props.some((prop) => WALL_PROPS.includes(prop)) ? WALL_MARK : PROP_MARK;
    rest = rest.slice(0, from) + mark.repeat(end - from) + rest.slice(end);
  }
  return rest;
}

/**
 * The props a lower-cased text names, in the order written, and the text with their phrases
 * marked out (same length) for the rest of the vocabulary. Whole sets ("christmas") are read
 * after single props, so "christmas lights" stay lights only.
 */
export function readProps(text: string): { mentions: PropMention[]; rest: string } {
  const mentions: PropMention[] = [];
  const single = PROP_WORDS.map(([prop, pattern]): [SceneProp[], RegExp] => [[prop], pattern]);
  let rest = claim(text, candidates(text, single, 0), mentions);
  rest = claim(rest, candidates(rest, PROP_SETS, single.length), mentions);
  mentions.sort((a, b) => a.start - b.start);
  return { mentions, rest };
}

/** Whether a stored value names a prop this vocabulary knows. */
export function isSceneProp(value: unknown): value is SceneProp {
  return PROP_WORDS.some(([prop]) => prop === value);
}

/** Where a lower-cased text names props: each phrase's span, and whether it takes them away. */
export function propPhrases(text: string): { start: number; end: number; removes: boolean }[] {
  return readProps(text).mentions.map(({ start, end, removes }) => ({ start, end, removes }));
}

/** Where a prop would go: the place, its surface and the camera. */
export type PropPlace = {
  setting: SceneSetting;
  material: SceneMaterial;
  outdoor: boolean;
  topDown: boolean;
};

/** Things that hang: a flat lay, seen from straight above, has nothing to hang them from. */
const HANGING: readonly SceneProp[] = ["string lights", "drape", "brick wall"];
/** What a water surface can hold: things that float on it, rise from it or hang above it. */
const ON_WATER: readonly SceneProp[] = ["splash", "autumn leaves", "string lights"];
const TILED_WALLS: readonly SceneSetting[] = ["kitchen", "bathroom"];
/**
 * Props the offline engine can only draw as shapes, which look like clip art beside a
 * photographed product: they are reported as left out instead of drawn. What it draws as light
 * (string lights, shadow patterns) or from photographs (a brick wall) and a drape's folds stay.
 */
export const LOOKS_DRAWN: readonly SceneProp[] = [
  "lemons",
  "oranges",
  "limes",
  "pine branches",
  "autumn leaves",
  "plant",
  "pebbles",
  "splash",
];

/**
 * Whether a prop can be drawn in a place, and if not, why. A white (marketplace) background is
 * pure #FFFFFF with nothing on it; a prop that would look drawn is never drawn; walls and drapes need an indoor wall that is not tiled (a
 * street may have a brick wall); window blinds need a window; a flat lay has nothing hanging;
 * on water only what floats or splashes.
 */
export function propRefusal(prop: SceneProp, place: PropPlace): string | undefined {
  if (place.setting === "white") return "a white background stays plain";
  if (LOOKS_DRAWN.includes(prop)) return "it would look drawn, not photographed";
  if (place.topDown && (HANGING.includes(prop) || prop === "splash"))
    return "a flat lay shows no wall and nothing hanging";
  if (WALL_PROPS.includes(prop)) {
    if (TILED_WALLS.includes(place.setting)) return "the wall here is tiled";
    if (place.outdoor && !(prop === "brick wall" && place.setting === "city"))
      return "there is no wall outdoors";
  }
  if (prop === "blind shadows" && place.outdoor) return "there are no window blinds outdoors";
  if (place.material === "water" && !ON_WATER.includes(prop)) return "it cannot sit on water";
  return undefined;
}

/** The props that will be drawn in a place, in order. */
export function drawableProps(props: SceneProp[], place: PropPlace): SceneProp[] {
  return props.filter((prop) => propRefusal(prop, place) === undefined);
}

/**
 * The phrases of props that will not be drawn, to leave out of the plan's words (so the prompt
 * reading reports them as left out). A phrase naming a set stays while any of its props is
 * drawn; a phrase taking a prop away is always honoured.
 */
export function undrawnPhrases(mentions: PropMention[], drawn: SceneProp[]): Set<string> {
  const kept = new Set<string>();
  const dropped = new Set<string>();
  for (const mention of mentions) {
    if (mention.removes || mention.props.some((prop) => drawn.includes(prop))) {
      kept.add(mention.phrase);
    } else {
      dropped.add(mention.phrase);
    }
  }
  for (const phrase of kept) dropped.delete(phrase);
  return dropped;
}

/** The props after a text's mentions: removals first, then additions, each prop once. */
export function propsAfter(props: SceneProp[], mentions: PropMention[]): SceneProp[] {
  const removed = mentions.filter((m) => m.removes).flatMap((m) => m.props);
  const added = mentions.filter((m) => !m.removes).flatMap((m) => m.props);
  return [...new Set([...props.filter((prop) => !removed.includes(prop)), ...added])];
}
