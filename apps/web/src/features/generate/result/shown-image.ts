/** What the result stage shows: the generated image, or what was made from it since. */
export type ShownKind = "generated" | "upscaled" | "edited";

export type ShownImage = {
  url: string;
  kind: ShownKind;
  /** The image Revert Upscale goes back to; set only on an upscaled image. */
  beforeUpscale: ShownImage | null;
};

export function generatedImage(url: string): ShownImage {
  return { url, kind: "generated", beforeUpscale: null };
}

export function upscaledFrom(previous: ShownImage, url: string): ShownImage {
  return { url, kind: "upscaled", beforeUpscale: previous };
}

/** Revert Upscale restores the image shown before the upscale (SPEC point 4). */
export function revertUpscale(shown: ShownImage): ShownImage {
  return shown.beforeUpscale ?? shown;
}

/** A saved AI edit replaces the shown image; its upscale, if any, no longer applies. */
export function editedImage(url: string): ShownImage {
  return { url, kind: "edited", beforeUpscale: null };
}

/** For the download's file name. */
export const SHOWN_SUFFIX: Record<ShownKind, string | undefined> = {
  generated: undefined,
  upscaled: "upscaled-2x",
  edited: "edited",
};
