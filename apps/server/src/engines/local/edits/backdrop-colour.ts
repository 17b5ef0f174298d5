import { darken, hex, mix, type Rgb, WHITE } from "../common/index.ts";
import { SCENE_COLOURS } from "../scene/index.ts";

/**
 * The colours a backdrop can be painted, by the planner's names. White is not one: "make the
 * background white" asks for the marketplace's pure white, which the planner draws itself.
 */
const NAMES = Object.keys(SCENE_COLOURS)
  .filter((name) => name !== "white")
  .join("|");
const SHADES = "light|pale|pastel|soft|dark|deep";
const SHADED = `(?:(?:${SHADES}) )?(?:${NAMES})`;
const BACKDROP = "(?:back ?grounds?|backdrops?|bg|walls?)";

/**
 * A backdrop's colour asked for: "make the background blue", "turn the backdrop pale green",
 * "a pink backdrop", "background in navy". Not the sky ("make the sky blue" is a time of day's).
 */
export const BACKDROP_COLOUR_WORDS = new RegExp(
  [
    String.raw`\b(?:make|turn|paint|change|colou?r|set|switch|recolou?r)( the| my| its)? ${BACKDROP}( colou?r)?( to| into| in| as)?( an?)? ${SHADED}\b`,
    String.raw`\b${SHADED}(?:[- ]colou?red)? ${BACKDROP}\b`,
    String.raw`\b${BACKDROP} (?:in|to|of|is|should be)( an?)? ${SHADED}\b`,
  ].join("|"),
  "g",
);

/** The colour a phrase of BACKDROP_COLOUR_WORDS names, lightened or darkened as it says. */
export function backdropColourOf(phrase: string): Rgb | undefined {
  const name = new RegExp(String.raw`\b(${NAMES})\b`).exec(phrase)?.[1];
  const code = name && SCENE_COLOURS[name];
  if (!code) return undefined;
  const colour = hex(code);
  if (/\b(light|pale|pastel|soft)\b/.test(phrase)) return mix(colour, WHITE, 0.45);
  if (/\b(dark|deep)\b/.test(phrase)) return darken(colour, 0.6);
  return colour;
}
