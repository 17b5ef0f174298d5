import type { SceneMaterial, SceneProp, SceneSetting, TimeOfDay } from "../../types.ts";

/** The vocabulary a background prompt is read for (see intent.ts), as data. */

/** Surfaces and stands that "white" can colour ("plain white marble" is marble, not a plain white). */
const WHITE_THINGS =
  "(marble|wood(en)?|oak|tiles?|tables?|counters?|podium|pedestal|plinth|floors?|linen|cloth|shelf|walls?|sand|stone|concrete|glass|rug|sofa)";

/**
 * A white, plain or marketplace background: the subject on pure #FFFFFF ("white background",
 * "pure white", "on white", "amazon listing", "marketplace main image"). Asked for on purpose,
 * it beats any place named with it. "In the amazon rainforest" is a forest, and "plain white
 * marble" a surface, not this.
 */
export const WHITE_WORDS = new RegExp(
  [
    `\\b(pure|plain|clean|solid|all|bright|blank|full) white\\b(?! ${WHITE_THINGS})`,
    "\\bwhite (studio |seamless |paper |plain )?(back ?grounds?|backdrops?|bg|sweep)\\b",
    "\\b(plain|blank|empty) (back ?ground|backdrop)\\b",
    `\\bback ?ground (to |in |is |of )?(pure |plain |all )?white\\b(?! ${WHITE_THINGS})`,
    "\\bon (a )?white(?= *($|[,.;:!]|and\\b|with\\b))",
    "\\bamazon\\b(?! (rain ?forest|jungle|river|basin|forest))",
    "\\b(marketplace|main (image|photo|picture))\\b",
  ].join("|"),
);

/**
 * Shops and listings that usually want a white background ("ecommerce", "etsy", "ebay listing
 * photo"): white unless the same text names a place ("etsy photo on a wooden table").
 */
export const SHOP_WORDS =
  /\b(etsy|ebay|shopify|walmart|e-?commerce|online (store|shop)|web ?shop|packshot|pack shot|product listing|(listing|catalog(ue)?) (image|photo|picture))\b/;

/** Places, most specific first: within one text the first setting here that matches wins. */
export const SETTING_WORDS: [SceneSetting, RegExp][] = [
  // A white or marketplace background is asked for on purpose: it beats any place named with it.
  ["white", WHITE_WORDS],
  ["cafe", /\b(caf[eé]s?|coffee ?shop|bistro|restaurant|bakery|brasserie)(?![a-z])/],
  ["kitchen", /\b(kitchen|counter ?tops?|counters?|worktops?|cooking)\b/],
  ["bathroom", /\b(bathroom|bath ?tub|bath|spa|shower|vanity|sink|wellness)\b/],
  [
    "office",
    /\b((home )?office|work ?space|workplace|co-?working|study room|desk (setup|by|near|with) (a |the )?window)\b/,
  ],
  ["living room", /\b(living ?room|lounge|sofa|couch|bedroom|home interior|interior|apartment)\b/],
  ["beach", /\b(beach|seaside|sea ?shore|shore|coast(al|line)?|tropical|seaside|sea)\b/],
  [
    "forest",
    /\b(forest|rain ?forest|woods|woodland|jungle|trees?|foliage|garden|parks?|parkland|leaves|leafy|greenery)\b/,
  ],
  ["city", /\b(city|street|urban|downtown|sidewalk|town|alley(way)?|skyline|rooftop)\b/],
  ["mountains", /\b(mountains?|alps|alpine|peaks?|hills?|hillside|valley|cliffs?)\b/],
  ["water", /\b(water|lake|lakeside|pool(side)?|river|pond|ocean|waves?)\b/],
  ["sky", /\b(sky|skies|clouds?|cloudy|heaven(ly)?|in the air)\b/],
  ["podium", /\b(podium|pedestal|plinth|pillar|display stand|riser|cylinder stand)\b/],
  ["tabletop", /\b(table ?tops?|tables?|desk|shelf|tray)\b/],
  ["floor", /\b(floor|ground|rug|carpet)\b/],
  ["studio", /\b(studio|seamless|sweep|backdrop|cyclorama|infinity cove|paper roll|paper)\b/],
  // Shop words count only when the text names no place.
  ["white", SHOP_WORDS],
];

export const MATERIAL_WORDS: [SceneMaterial, RegExp][] = [
  ["marble", /\bmarble\b/],
  ["wood", /\b(wood(en)?|oak|walnut|timber|planks?|parquet|teak|pine|bamboo)\b/],
  ["concrete", /\b(concrete|cement|asphalt|plaster|industrial)\b/],
  [
    "linen",
    /\b(linen|fabric|cloth|cotton|silk|satin|velvet|textile|tablecloth|draped|(picnic )?blankets?|quilts?)\b/,
  ],
  ["sand", /\b(sand|sandy|dunes?|desert)\b/],
  ["stone", /\b(stone|slate|granite|rocks?|rocky|pebbles?|travertine|terrazzo|limestone)\b/],
  ["tiles", /\b(tiles?|tiled|ceramic|mosaic|porcelain|checker(ed|board)?|chequer(ed)?)\b/],
  ["glass", /\b(glass|mirror(ed)?|acrylic|plexi(glass)?)\b/],
  ["water", /\b(wet|puddles?|ripples?|on water|on the water|water surface)\b/],
  ["grass", /\b(grass|grassy|lawn|meadow|moss|mossy|field)\b/],
  ["snow", /\b(snow|snowy|ice|icy|frost(y)?|winter)\b/],
];

/**
 * Props, read before everything else: the phrase a prop takes is not read again, so "pine
 * branches" are branches and not a pine surface, and "autumn leaves" no forest. A text may name
 * several props; the order here only decides which prop takes an overlapping phrase.
 */
export const PROP_WORDS: [SceneProp, RegExp][] = [
  [
    "string lights",
    /\b((warm |white |golden |twinkling |glowing )?(christmas|xmas|holiday|fairy|string|twinkle|festoon|bistro|party|led string) lights|light strings?|lights? garlands?)\b/,
  ],
  [
    "pine branches",
    /\b((pine|fir|spruce|evergreen|conifer|christmas tree) (branch(es)?|twigs?|sprigs?|boughs?|needles)|pine ?cones?|fir cones?|evergreen garland)\b/,
  ],
  [
    "autumn leaves",
    /(?<=\b(autumn(al)?|fall|maple|oak|red|orange|golden|yellow|brown|dry|dried|fallen|crunchy) )(leaves|foliage)\b|\b(maple|oak) leaves\b/,
  ],
  [
    "plant",
    /\b((green |potted |house ?|indoor |leafy |tropical |small |big |tall |large )*(plants?(?![- ]based)|monstera|snake plants?|succulents?|cact(us|i)|ferns?|fiddle leaf fig|pothos))\b/,
  ],
  [
    "lemons",
    /\b((a few |some |two |three |fresh |yellow |sliced |cut )*lemons?(?! (yellow|colou?r|zest))|citrus( fruits?)?)\b/,
  ],
  [
    "oranges",
    /\b((a few |some |two |three |fresh |sliced |cut |blood )*oranges|orange (slices?|halves|half|fruits?)|(an|one|two|three|some) orange(?=\s*($|[,.;!]|and\b|with\b|beside\b|next\b|on\b|in\b)))\b/,
  ],
  ["limes", /\b((a few |some |two |three |fresh |green |sliced |cut )*limes?(?! green))\b/],
  [
    "pebbles",
    /(?<!\bon( [a-z]+){0,3} )\b((smooth |river |grey |gray |white |black |zen |beach |sea )?(pebbles?|stones)|stacked stones|stone stack)\b/,
  ],
  [
    "drape",
    /\b(((linen|silk|satin|velvet|cotton|sheer|fabric|cloth) )?(drapes?|drapery|curtains?)|hanging (fabric|cloth|linen|sheet)|fabric (backdrop|background))\b/,
  ],
  [
    "brick wall",
    /\b(exposed brick( walls?)?|brick ?(walls?|work|backdrop|background)|bricks|brick|(industrial )?loft)\b/,
  ],
  [
    "palm shadows",
    /\b((palm|palm[- ]leaf|palm[- ]frond|tropical|leaf|leafy|foliage|plant|monstera) shadows?|shadows? of (a )?(palm|palm leaves|leaves|fronds|a plant)|dappled (light|shadows?|sun(light)?))\b/,
  ],
  [
    "blind shadows",
    /\b(((window|venetian) )?blinds?( shadows?)?|venetian|(striped|stripe|slatted) (shadows?|light)|shadows? of (the )?blinds|(sun)?light (through|from) (the )?(venetian |window )?blinds)\b/,
  ],
  ["splash", /\b((water |liquid )?splash(es|ing|y)?(( of)? water|(?! of (colou?r|paint|light))))/],
];

/** A whole set of props one word asks for: "christmas" is its lights and pine branches. */
export const PROP_SETS: [SceneProp[], RegExp][] = [
  [
    ["string lights", "pine branches"],
    /\b(christmas(?! tree)|xmas(?! tree)|festive|holiday season)\b/,
  ],
];

/** Words before a prop that take it away: "no plants", "remove the lemons", "without lights". */
export const PROP_REMOVAL =
  /\b(no|without|remove|delete|erase|drop|lose|minus|get rid of|take (away|out|off)|don'?t (add|want|include|put)|do not (add|want|include|put))( (more|the|any|all|those|these|of|some))* *$/;

/** How mirror-like each surface is before "polished" or "matte" changes it. */
export const MATERIAL_GLOSS: Record<SceneMaterial, number> = {
  plain: 0.08,
  marble: 0.35,
  wood: 0.1,
  concrete: 0.05,
  linen: 0,
  sand: 0,
  stone: 0.08,
  tiles: 0.3,
  glass: 0.85,
  water: 0.9,
  grass: 0,
  snow: 0.05,
};

export const GLOSSY_WORDS = /\b(polished|glossy|shiny|lacquered|reflective|reflection|gloss)\b/;
export const MATTE_WORDS = /\b(matte?|rough|honed|unpolished|brushed)\b/;

/** Later entries are more specific: "golden hour" must beat "golden" and "sunset" "sun". */
export const TIME_WORDS: [TimeOfDay, RegExp][] = [
  ["day", /\b(daylight|daytime|sunny|sunlit|sunshine|sunlight|midday|noon|clear day)\b/],
  ["morning", /\b(morning|early light|breakfast)\b/],
  ["golden hour", /\b(golden hour|golden light|late afternoon|afternoon sun|magic hour)\b/],
  ["sunset", /\b(sunset|sunrise|dusk|dawn|twilight|evening)\b/],
  ["blue hour", /\bblue hour\b/],
  ["night", /\b(night(time)?|midnight|moon(lit|light)?|starry|stars|after dark)\b/],
];

export const SOFT_WORDS = /\b(soft|diffused?|gentle|overcast|airy|even light|dreamy|hazy)\b/;
export const HARD_WORDS =
  /\b(hard|harsh|crisp light|direct (sun)?light|strong light|spot ?lit|spot ?lights?)\b/;
export const NEON_WORDS = /\b(neon|cyberpunk|synthwave|vaporwave|led lights?)\b/;
/** Weather that dims and cools the light and greys the sky. */
export const STORM_WORDS = /\b(storm|stormy|thunder(storm)?|overcast|rainy|gloomy)\b/;
/** Air that hides the distance: the backdrop fades into a pale haze. */
export const FOG_WORDS = /\b(fog|foggy|mist|misty|haze|hazy)\b/;
export const BACKLIT_WORDS =
  /\b(backlit|back ?light(ing)?|rim ?light|contre ?jour|halo|silhouetted?)\b/;
export const WINDOW_WORDS = /\b(window( light)?|sunbeams?|light shafts?|rays of light|sun rays)\b/;
export const WARM_WORDS = /\b(warm|cozy|cosy|candle ?lit|candles?|amber)\b/;
/** The season whose colours a scene can take: warm light, amber where leaves grow. */
export const AUTUMN_WORDS = /\b(autumn(al)?|fall season)\b/;
export const COOL_WORDS = /\b(cool|cold|chilly|frosty|crisp)\b/;
/** A pool of light on the subject, darkness around it (read with HARD_WORDS, which take the word). */
export const SPOTLIGHT_WORDS = /\b(spot ?lit|spot ?lights?)\b/;
export const DRAMATIC_WORDS = /\b(dramatic|moody|cinematic|noir|low[- ]key)\b/;
export const BRIGHT_WORDS = /\b(bright|airy|high[- ]key|light and airy|fresh)\b/;
export const LIGHT_LEFT =
  /\b(light|lit|sun|window)[\w ]{0,12}\b(from|on) the left\b|\bleft[- ]side light\b/;
export const LIGHT_RIGHT =
  /\b(light|lit|sun|window)[\w ]{0,12}\b(from|on) the right\b|\bright[- ]side light\b/;

export type Tone = "pastel" | "dark" | "vibrant" | "muted";
export const TONE_WORDS: [Tone, RegExp][] = [
  ["pastel", /\b(pastels?|pale|soft colou?rs?|baby|powder)\b/],
  ["dark", /\b(dark|deep|black background|moody)\b/],
  ["vibrant", /\b(vibrant|vivid|bold|saturated|colou?rful|bright colou?rs?|punchy)\b/],
  ["muted", /\b(muted|earthy|desaturated|dusty|neutral)\b/],
];

export const CLOSE_UP_WORDS = /\b(close[- ]?up|macro|detail shot|tight crop|tight shot)\b/;
export const TOP_DOWN_WORDS = /\b(top[- ]?down|flat ?lay|overhead|bird'?s[- ]?eye|from above)\b/;
export const BOKEH_WORDS =
  /\b(bokeh|shallow depth( of field)?|depth of field|blurr?(ed|y) background|out of focus|dof|portrait mode)\b/;
export const SHARP_BACKGROUND_WORDS = /\b(deep focus|sharp background|in focus|everything sharp)\b/;
export const NO_SHADOW_WORDS = /\b(no shadows?|without (a )?shadows?|shadowless)\b/;

export const COLOURS: Record<string, string> = {
  red: "#c8332f",
  crimson: "#a3192e",
  burgundy: "#6e1f2c",
  orange: "#ee8a35",
  peach: "#f4b99a",
  coral: "#ef7f6a",
  yellow: "#f2d04b",
  mustard: "#c9a227",
  gold: "#d4a93c",
  golden: "#d9a441",
  green: "#4f9a55",
  sage: "#9cae8f",
  olive: "#77793f",
  emerald: "#1f7a53",
  mint: "#a8dcc0",
  teal: "#2a8c8c",
  turquoise: "#3cc4c0",
  blue: "#3d73c9",
  navy: "#1d2e5c",
  cobalt: "#2347a8",
  purple: "#7d4fa8",
  violet: "#8a5cc7",
  lilac: "#c3a6d8",
  lavender: "#b9a4dc",
  pink: "#ee8fb4",
  blush: "#efc3c0",
  magenta: "#c2338c",
  white: "#f5f5f3",
  ivory: "#f3eee2",
  black: "#1b1b1d",
  charcoal: "#36383b",
  grey: "#8f9296",
  gray: "#8f9296",
  silver: "#c3c6ca",
  beige: "#dccfb6",
  cream: "#f1e8d2",
  taupe: "#a39384",
  brown: "#7a5234",
  chocolate: "#4e3124",
  terracotta: "#c0653f",
  rust: "#a5502b",
};

/** Phrases with colour names in them that name no colour of the scene. */
export const COLOUR_EXCEPTIONS =
  /\b(golden hour|golden light|blue hour|black (and|&) white|b ?& ?w|white balance)\b/g;
