/** One adjustment the local engine can make from a text prompt, in the order they apply. */
export const EDIT_OPS = [
  "remove-background",
  "blur-background",
  "sharpen",
  "brighter",
  "darker",
  "more-contrast",
  "less-contrast",
  "more-saturated",
  "less-saturated",
  "warmer",
  "cooler",
  "grayscale",
  "sepia",
  "auto-enhance",
] as const;
export type EditOp = (typeof EDIT_OPS)[number];

/**
 * What each adjustment answers to, read in this order: a phrase one entry takes ("less
 * saturated", "less bright") is blanked out, so a later entry cannot read it again.
 */
const WORDS: [EditOp, RegExp][] = [
  [
    "remove-background",
    /\b(remove|delete|erase|cut out)\b[\w\s]{0,12}\bbackground\b|\b(no|without( a)?|transparent) background\b/g,
  ],
  ["blur-background", /\bblur(s|red|ry)?\b|\bbokeh\b|\bdepth of field\b|\bportrait mode\b/g],
  [
    "less-saturated",
    /\bmuted\b|\bdesaturated?\b|\bless (saturated?|colou?rful|colou?rs?)\b|\bfaded\b|\bwashed out\b/g,
  ],
  [
    "more-saturated",
    /\bvivid\b|\bvibrant\b|\bsaturated?\b|\bsaturation\b|\bcolou?rful\b|\bmore colou?rs?\b|\bpop\b/g,
  ],
  ["darker", /\bdark(er|en)?\b|\bdim(mer)?\b|\bless bright\w*|\bunderexpose\w*/g],
  ["brighter", /\bbright(er|en|ness)?\b|\blight(er|en)\b|\bmore light\b/g],
  [
    "less-contrast",
    /\b(low(er)?|less|reduce|decrease)( the)? contrast\b|\bflat(ter)?\b|\bsoft(er|en)?\b/g,
  ],
  ["more-contrast", /\bcontrast(y)?\b|\bpunchy\b|\bdramatic\b/g],
  ["sepia", /\bsepia\b|\bvintage\b|\bretro\b|\bold photo\b|\bantique\b/g],
  [
    "grayscale",
    /\bblack (and|&) white\b|\bb ?[&/] ?w\b|\bgr[ae]y ?scale\b|\bmonochrome\b|\bnoir\b/g,
  ],
  ["sharpen", /\bsharp(en|er|ness)?\b|\bcrisp(er)?\b|\bclearer\b|\bmore detail(s|ed)?\b/g],
  ["warmer", /\bwarm(er|th)?\b|\bgolden\b|\bcozy\b|\bcosy\b/g],
  ["cooler", /\bcool(er)?\b|\bcold(er)?\b|\bicy\b/g],
];

/** Pairs that undo each other: when both are asked for, the later words win. */
const OPPOSITES: [EditOp, EditOp][] = [
  ["brighter", "darker"],
  ["more-contrast", "less-contrast"],
  ["more-saturated", "less-saturated"],
  ["warmer", "cooler"],
  ["remove-background", "blur-background"],
];

/** A negated word ("not too dark", "no blur") is blanked before reading the prompt. */
function dropNegations(text: string): string {
  return text.replace(
    /\b(not|don'?t|never|no)\s+(make it\s+|too\s+|so\s+|any\s+)?\w+/g,
    (phrase) => (phrase.endsWith("background") ? phrase : " ".repeat(phrase.length)),
  );
}

/**
 * Reads an edit prompt into the adjustments to make, in the order they apply. Several may
 * combine ("brighter and warmer"); a prompt naming none gets a gentle auto-enhance, so an
 * edit always changes the picture.
 */
export function planEdits(prompt: string): EditOp[] {
  let text = dropNegations(prompt.toLowerCase());
  const found = new Map<EditOp, number>();
  for (const [op, pattern] of WORDS) {
    for (const match of text.matchAll(pattern)) {
      found.set(op, Math.max(found.get(op) ?? -1, match.index));
      text =
        text.slice(0, match.index) +
        " ".repeat(match[0].length) +
        text.slice(match.index + match[0].length);
    }
  }
  for (const [a, b] of OPPOSITES) {
    const at = found.get(a);
    const bt = found.get(b);
    if (at !== undefined && bt !== undefined) found.delete(at > bt ? b : a);
  }
  if (found.has("sepia")) found.delete("grayscale");
  if (found.has("grayscale") || found.has("sepia")) {
    for (const op of ["more-saturated", "less-saturated", "warmer", "cooler"] as const) {
      found.delete(op);
    }
  }
  const ops = EDIT_OPS.filter((op) => found.has(op));
  return ops.length ? ops : ["auto-enhance"];
}
