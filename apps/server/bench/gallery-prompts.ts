/** The photos and prompts of the engine gallery (docs/engine-gallery.md). */

export const GALLERY_PHOTOS = [
  { file: "coffee.png", label: "Coffee cup" },
  { file: "astronaut.png", label: "Portrait" },
  { file: "rocket.jpg", label: "Rocket model" },
  { file: "cat.png", label: "Cat, close-up" },
] as const;

/**
 * Varied on purpose: every setting family, surfaces, light, colour words and camera hints, the
 * props and seasonal sets sellers ask for, and the white marketplace background with and without
 * its shadow.
 */
export const GALLERY_PROMPTS = [
  "on a marble counter, morning light",
  "on a wooden tabletop in a cozy café, bokeh",
  "on a white podium, pastel pink studio backdrop",
  "seamless studio sweep, soft light",
  "on a sandy beach at golden hour",
  "in a forest clearing, backlit",
  "on a city street at night, neon lights",
  "in front of snowy mountains, hard light",
  "on a glass shelf in a bright bathroom",
  "on a linen tablecloth in a sunny kitchen",
  "in a living room with a sofa, warm evening light",
  "on concrete, dark and moody, top-down",
  "floating over calm water at sunset",
  "vibrant blue sky, close-up",
  "with christmas lights and pine branches",
  "in an office with a window",
  "against an exposed brick wall in a loft",
  "on a wooden table with lemons",
  "palm leaf shadows on a plain wall",
  "on water with splashes",
  "autumn leaves on a wooden floor",
  "on a marble podium next to a plant",
  "white background, soft shadow, amazon listing",
  "pure white background, no shadow",
] as const;

/** Generations the gallery edits, and the edit instructions applied to each. */
export const GALLERY_EDITS = {
  starts: [["coffee.png", "on a wooden table, soft daylight"]],
  instructions: [
    "make it sunset",
    "darker background",
    "add a marble floor",
    "warmer",
    "blur the background more",
    "black and white",
    "remove the shadow",
    "add christmas lights",
  ],
} as const;

/** A file-name-safe form of a prompt or file name. */
export function gallerySlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\.[a-z]+$/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
