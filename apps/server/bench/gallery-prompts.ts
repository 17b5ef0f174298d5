/** The photos and edits of the engine gallery (docs/engine-gallery.md); its scenes are the library's. */

export const GALLERY_PHOTOS = [
  { file: "coffee.png", label: "Coffee cup" },
  { file: "astronaut.png", label: "Portrait" },
  { file: "rocket.jpg", label: "Rocket model" },
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
