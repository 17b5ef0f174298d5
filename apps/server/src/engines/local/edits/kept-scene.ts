import type { ShadowStyle } from "@backdrop/shared";
import sharp from "sharp";
import type { KeptScene } from "../../image-engine.ts";
import { isSceneProp, propsNamedIn } from "../scene/index.ts";
import type { Cutout, RenderQuality, SceneProp } from "../types.ts";
import { type LookSettings, NEUTRAL_LOOK, readLook } from "./edit-look.ts";

/** Everything besides the cut-out that renders a picture again, as kept in JSON. */
export type SceneState = {
  version: 1;
  /** The generation's prompt. */
  prompt: string;
  seed: number;
  quality: RenderQuality;
  /** The scene part of each edit instruction applied so far, newest last (planScene's revisions). */
  revisions: string[];
  look: LookSettings;
  /**
   * The props the prompt itself drew when the scene was kept. A scene kept before props were
   * drawn has none, so it renders as it did; edits still add and remove props.
   */
  props: SceneProp[];
  /** The light casts the subject's shadow across the floor; false keeps the contact shadow only. */
  castShadow: boolean;
};

/**
 * A generation's state. The shadow chosen with it: `soft` keeps the contact shadow only, and
 * `none` starts with the shadow removed, as the edit "remove the shadow" would (so "add a
 * shadow back" can bring it).
 */
export function firstSceneState(
  prompt: string,
  seed: number,
  quality: RenderQuality,
  shadow: ShadowStyle = "natural",
): SceneState {
  const props = propsNamedIn(prompt);
  const look = { ...NEUTRAL_LOOK, ...(shadow === "none" ? { shadow: 0 } : {}) };
  const castShadow = shadow !== "soft";
  return { version: 1, prompt, seed, quality, revisions: [], look, props, castShadow };
}

/** A kept state read back; undefined when it is not one of ours (the edit then works on pixels). */
export function readSceneState(stored: Record<string, unknown>): SceneState | undefined {
  const { version, prompt, seed, quality, revisions } = stored;
  if (version !== 1 || typeof prompt !== "string" || typeof seed !== "number") return undefined;
  if (!Number.isInteger(seed) || (quality !== "fast" && quality !== "rich")) return undefined;
  if (!Array.isArray(revisions) || !revisions.every((r) => typeof r === "string")) return undefined;
  const props = Array.isArray(stored.props) ? stored.props.filter(isSceneProp) : [];
  const castShadow = stored.castShadow !== false;
  return {
    version,
    prompt,
    seed,
    quality,
    revisions,
    look: readLook(stored.look),
    props,
    castShadow,
  };
}

/** The cut-out and state as the job layer keeps them: the cut-out as a lossless RGBA PNG. */
export async function keepScene(cutout: Cutout, state: SceneState): Promise<KeptScene> {
  const { rgba, width, height } = cutout;
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
  return { cutout: png, state: { ...state } };
}

/** The kept cut-out decoded back into what the composite takes. */
export async function readKeptCutout(png: Buffer): Promise<Cutout> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const mask = Buffer.alloc(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i * 4 + 3] ?? 0;
  return { rgba: data, mask, width, height };
}
