import { clamp, type Rgb } from "../common/index.ts";

/**
 * The look an edit can give a picture beyond its scene words: settings that accumulate over a
 * series of edits and are kept with the scene. Steps rather than absolute values, so "warmer"
 * twice is warmer still.
 */
export type LookSettings = {
  /** Multiplies the plan's background gain: below 1 a darker background, above 1 a brighter one. */
  backgroundGain: number;
  /** Steps of background blur (depth of field) added to the plan's; negative sharpens it. */
  blur: number;
  /** The subject's shadow strength 0..1, or null for the plan's own. */
  shadow: number | null;
  /** Steps of colour temperature: positive warmer, negative cooler. */
  warmth: number;
  /** Steps of overall exposure: positive brighter, negative darker. */
  exposure: number;
  /** Steps of overall contrast. */
  contrast: number;
  /** Steps of overall colour saturation. */
  saturation: number;
  monochrome: "none" | "black and white" | "sepia";
  /**
   * The backdrop's colour an edit asked for ("make the background blue"), or null for the
   * scene's own. Applied after everything else the plan says, so it lands whatever the scene.
   */
  backdrop: Rgb | null;
};

export const NEUTRAL_LOOK: LookSettings = {
  backgroundGain: 1,
  blur: 0,
  shadow: null,
  warmth: 0,
  exposure: 0,
  contrast: 0,
  saturation: 0,
  monochrome: "none",
  backdrop: null,
};

const byteColour = ([r, g, b]: Rgb): Rgb =>
  [r, g, b].map((c) => clamp(Math.round(c), 0, 255)) as unknown as Rgb;

/** How far each setting may go: a few steps each way, so no edit series can wreck the picture. */
export function boundedLook(look: LookSettings): LookSettings {
  return {
    backgroundGain: clamp(look.backgroundGain, 0.35, 1.8),
    blur: clamp(look.blur, -3, 3),
    shadow: look.shadow === null ? null : clamp(look.shadow, 0, 1),
    warmth: clamp(look.warmth, -3, 3),
    exposure: clamp(look.exposure, -3, 3),
    contrast: clamp(look.contrast, -3, 3),
    saturation: clamp(look.saturation, -3, 3),
    monochrome: look.monochrome,
    backdrop: look.backdrop && byteColour(look.backdrop),
  };
}

/** Whether the settings change the whole picture after it is composed. */
export function hasPictureLook(look: LookSettings): boolean {
  return (
    look.warmth !== 0 ||
    look.exposure !== 0 ||
    look.contrast !== 0 ||
    look.saturation !== 0 ||
    look.monochrome !== "none"
  );
}

function isRgb(value: unknown): value is Rgb {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((c) => typeof c === "number" && Number.isFinite(c))
  );
}

/** Reads stored settings back, taking only well-formed values and neutral ones for the rest. */
export function readLook(value: unknown): LookSettings {
  const stored = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const num = (key: keyof LookSettings, fallback: number) => {
    const found = stored[key];
    return typeof found === "number" && Number.isFinite(found) ? found : fallback;
  };
  const shadow = stored.shadow;
  const monochrome = stored.monochrome;
  const backdrop = stored.backdrop;
  return boundedLook({
    backgroundGain: num("backgroundGain", 1),
    blur: num("blur", 0),
    shadow: typeof shadow === "number" && Number.isFinite(shadow) ? shadow : null,
    warmth: num("warmth", 0),
    exposure: num("exposure", 0),
    contrast: num("contrast", 0),
    saturation: num("saturation", 0),
    monochrome: monochrome === "black and white" || monochrome === "sepia" ? monochrome : "none",
    backdrop: isRgb(backdrop) ? backdrop : null,
  });
}
