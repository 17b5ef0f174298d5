import { planScene, propPhrases, readScene } from "../scene/index.ts";
import { boundedLook, type LookSettings, type SceneState } from "../scene-state/index.ts";
import { BACKDROP_COLOUR_WORDS, backdropColourOf } from "./backdrop-colour.ts";

/**
 * What a look word needs to be honoured: only the picture's pixels, the subject's outline (kept,
 * or cut out again), or the kept scene itself (the shadow is part of the render).
 */
export type LookNeeds = "picture" | "subject" | "scene";

type LookRule = {
  name: string;
  words: RegExp;
  needs: LookNeeds;
  /** The settings after the rule's words; `phrase` is the text it matched. */
  change(look: LookSettings, phrase: string): LookSettings;
};

const BACKGROUND = "(background|backdrop|surroundings|wall|sky)";

/**
 * The look words, read in this order: a phrase one rule takes ("darker background", "less
 * blur") is blanked out, so a later rule ("darker", "blur") cannot read it again.
 */
const RULES: LookRule[] = [
  {
    name: "paint the backdrop",
    words: BACKDROP_COLOUR_WORDS,
    // The backdrop is drawn by the scene: a picture without one cannot be repainted.
    needs: "scene",
    change: (look, phrase) => ({ ...look, backdrop: backdropColourOf(phrase) ?? look.backdrop }),
  },
  {
    name: "remove the shadow",
    words:
      /\b(remove|delete|erase|drop|lose|get rid of|no|without)( the| a| any| its)? shadows?\b|\bshadowless\b|\bshadows? off\b/g,
    needs: "scene",
    change: (look) => ({ ...look, shadow: 0 }),
  },
  {
    name: "a softer shadow",
    words:
      /\b(soft(er|en)?|light(er|en)?|faint(er)?|subtle|less)( the)? shadows?\b|\bshadows? (soft|light|faint)er\b/g,
    needs: "scene",
    change: (look) => ({ ...look, shadow: Math.min(look.shadow ?? 1, 1) * 0.5 }),
  },
  {
    name: "add the shadow",
    words:
      /\b(add|put|bring|restore|give( it)?|with)( back)?( a| the| its| some)? shadows?\b|\bshadows? back\b|\b(strong(er)?|deep(er)?|dark(er)?|hard(er)?|more)( the)? shadows?\b/g,
    needs: "scene",
    change: (look) => ({ ...look, shadow: 1 }),
  },
  {
    name: "blur the background less",
    words: new RegExp(
      String.raw`\b(less|no|reduce( the)?|remove( the)?|without)( the)? (blur|bokeh)\b|\b(un ?blur|sharpen)( the)? ${BACKGROUND}\b|\b(sharp(er)?|crisp(er)?|in focus) ${BACKGROUND}\b|\b${BACKGROUND} (in focus|sharp(er)?|crisp(er)?)\b`,
      "g",
    ),
    // Pixels cannot bring a blurred background back into focus: this needs the kept scene.
    needs: "scene",
    change: (look) => ({ ...look, blur: look.blur - 1 }),
  },
  {
    name: "blur the background more",
    words:
      /\bblur(s|red|ry|rier)?\b|\bbokeh\b|\bdefocus(ed)?\b|\bout of focus\b|\bdepth of field\b|\bportrait mode\b/g,
    needs: "subject",
    change: (look) => ({ ...look, blur: look.blur + 1 }),
  },
  {
    name: "a darker background",
    words: new RegExp(
      String.raw`\b(dark(er|en)?|dim(mer)?|deeper)( the)? ${BACKGROUND}\b|\b${BACKGROUND}( a bit| a little| much)? (dark(er)?|dim(mer)?)\b`,
      "g",
    ),
    needs: "subject",
    change: (look) => ({ ...look, backgroundGain: look.backgroundGain * 0.72 }),
  },
  {
    name: "a brighter background",
    words: new RegExp(
      String.raw`\b(bright(er|en)?|light(er|en)?)( up)?( the)? ${BACKGROUND}\b|\b${BACKGROUND}( a bit| a little| much)? (bright(er)?|light(er)?)\b`,
      "g",
    ),
    needs: "subject",
    change: (look) => ({ ...look, backgroundGain: look.backgroundGain * 1.3 }),
  },
  {
    name: "back in colour",
    words:
      /\b(back (in|to) colou?rs?|in (full )?colou?rs?|restore( the)? colou?rs?|bring back( the)? colou?rs?|full colou?r)\b/g,
    needs: "picture",
    change: (look) => ({ ...look, monochrome: "none" }),
  },
  {
    name: "black and white",
    words: /\bblack (and|&) white\b|\bb ?[&/] ?w\b|\bgr[ae]y ?scale\b|\bmonochrome\b|\bnoir\b/g,
    needs: "picture",
    change: (look) => ({ ...look, monochrome: "black and white" }),
  },
  {
    name: "sepia",
    words: /\bsepia\b|\bvintage\b|\bold photo\b|\bantique\b/g,
    needs: "picture",
    change: (look) => ({ ...look, monochrome: "sepia" }),
  },
  {
    name: "cooler",
    words: /\bless warm\w*|\b(?<!less )(cool(er)?|cold(er)?)\b|\bchilly\b/g,
    needs: "picture",
    change: (look) => ({ ...look, warmth: look.warmth - 1 }),
  },
  {
    name: "warmer",
    words: /\bless (cool|cold)\w*|\bwarm(er|th|ly)?\b|\bco[sz]y\b|\bco[sz]ier\b/g,
    needs: "picture",
    change: (look) => ({ ...look, warmth: look.warmth + 1 }),
  },
  {
    name: "less contrast",
    words: /\b(low(er)?|less|reduce|decrease)( the)? contrast\b|\bflatter\b/g,
    needs: "picture",
    change: (look) => ({ ...look, contrast: look.contrast - 1 }),
  },
  {
    name: "more contrast",
    words: /\bcontrast(y)?\b|\bpunchy\b|\bpunchier\b/g,
    needs: "picture",
    change: (look) => ({ ...look, contrast: look.contrast + 1 }),
  },
  {
    name: "less saturated",
    words:
      /\bmuted\b|\bdesaturated?\b|\bless (saturated?|saturation|colou?rful)\b|\bfaded\b|\bwashed out\b/g,
    needs: "picture",
    change: (look) => ({ ...look, saturation: look.saturation - 1 }),
  },
  {
    name: "more saturated",
    words: /\bvivid\b|\bvibrant\b|\bsaturated?\b|\bsaturation\b|\bcolou?rful\b|\bpop\b/g,
    needs: "picture",
    change: (look) => ({ ...look, saturation: look.saturation + 1 }),
  },
  {
    name: "darker",
    words: /\b(?<!less )(dark(er|en)?|dim(mer)?)\b|\bless bright\w*|\bunderexpose\w*/g,
    needs: "picture",
    change: (look) => ({ ...look, exposure: look.exposure - 1 }),
  },
  {
    name: "brighter",
    words: /\bless dark\w*|\bbright(er|en|ness)?\b|\blight(er|en)\b|\bmore light\b/g,
    needs: "picture",
    change: (look) => ({ ...look, exposure: look.exposure + 1 }),
  },
];

/** Negations the rules read themselves ("no shadow", "no blur"). */
const NEGATION_KEPT = /^no\s+(shadows?|blur|bokeh)$/;

/** Whether a text starts by taking a prop away ("no plants", "don't add lemons"). */
function removesProp(text: string): boolean {
  const first = propPhrases(text)[0];
  return first !== undefined && first.start === 0 && first.removes;
}

/**
 * A negated word ("not too dark", "don't make it warmer") is blanked before reading, unless it
 * takes a prop away: the scene reads "no plants" itself.
 */
export function dropNegations(text: string): string {
  return text.replace(
    /\b(not|don'?t|never|no)\s+(make it\s+|too\s+|so\s+|any\s+)?\w+/g,
    (phrase, _word, _filler, at: number, whole: string) =>
      NEGATION_KEPT.test(phrase) || removesProp(whole.slice(at))
        ? phrase
        : " ".repeat(phrase.length),
  );
}

/** The text with its prop phrases marked out, so no look rule reads a word of one. */
function withoutProps(text: string): string {
  let marked = text;
  for (const { start, end } of propPhrases(text)) {
    marked = marked.slice(0, start) + "#".repeat(end - start) + marked.slice(end);
  }
  return marked;
}

export type LookChange = { name: string; needs: LookNeeds; at: number; phrase: string };

/** An edit prompt, read: its look words, and what is left for the scene. */
export type EditInstruction = {
  /** The look words found, in the order they appear. */
  changes: LookChange[];
  /**
   * The prompt without its look words, when what is left names the scene (a setting, surface,
   * light, colour or camera): a revision for planScene. Empty when it names none.
   */
  sceneText: string;
};

/** Reads an edit prompt. Pure: the same prompt always reads the same. */
export function readEdit(prompt: string): EditInstruction {
  let text = dropNegations(prompt.toLowerCase());
  // "Add shadows of palm leaves" is a prop, not the subject's shadow.
  let probe = withoutProps(text);
  const changes: LookChange[] = [];
  const blank = (within: string, at: number, length: number) =>
    within.slice(0, at) + " ".repeat(length) + within.slice(at + length);
  for (const rule of RULES) {
    for (const match of probe.matchAll(rule.words)) {
      changes.push({ name: rule.name, needs: rule.needs, at: match.index, phrase: match[0] });
      text = blank(text, match.index, match[0].length);
      probe = blank(probe, match.index, match[0].length);
    }
  }
  changes.sort((a, b) => a.at - b.at);
  const rest = text.replace(/\s+/g, " ").trim();
  const namesScene = rest !== "" && planScene(rest).words.some((word) => word.trim() !== "");
  return { changes, sceneText: namesScene ? rest : "" };
}

/** The settings after an instruction's look words, applied in the order they were written. */
export function applyLook(look: LookSettings, instruction: EditInstruction): LookSettings {
  let next = look;
  for (const change of instruction.changes) {
    const rule = RULES.find((candidate) => candidate.name === change.name);
    if (rule) next = rule.change(next, change.phrase);
  }
  return boundedLook(next);
}

/** Whether the instruction changes the scene itself (its words, or its shadow). */
export function changesScene(instruction: EditInstruction): boolean {
  return (
    instruction.sceneText !== "" || instruction.changes.some((change) => change.needs === "scene")
  );
}

/** Whether the instruction asks for anything this engine understands. */
export function understood(instruction: EditInstruction): boolean {
  return instruction.sceneText !== "" || instruction.changes.length > 0;
}

/** Whether a scene revision names a place or a time of day, which bring their own backdrop. */
function bringsBackdrop(sceneText: string): boolean {
  const { setting, time } = readScene(sceneText).intent;
  return setting !== undefined || time !== undefined;
}

/**
 * A kept scene after an instruction: its scene words become a revision, its look words apply.
 * A new place or time of day ("make it sunset") takes back a painted backdrop, as a new place
 * brings its own surface: the later edit is the one that shows.
 */
export function stateAfter(state: SceneState, instruction: EditInstruction): SceneState {
  const { sceneText } = instruction;
  const before =
    sceneText && bringsBackdrop(sceneText) ? { ...state.look, backdrop: null } : state.look;
  return {
    ...state,
    revisions: sceneText ? [...state.revisions, sceneText] : state.revisions,
    look: applyLook(before, instruction),
  };
}
