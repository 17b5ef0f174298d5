import { type Aspect, DEFAULT_ASPECT, pictureSize, type ShadowStyle } from "@backdrop/shared";
import type { KeptScene } from "../../image-engine.ts";
import { cutoutToPng } from "../cutout/index.ts";
import {
  isSceneProp,
  propsNamedIn,
  readScene,
  type SceneReading,
  TAKE_COMPOSITIONS,
  takeComposition,
} from "../scene/index.ts";
import type { Cutout, RenderQuality, SceneProp, Size } from "../types.ts";
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
  /**
   * The picture's size when it is not the cut-out's (an aspect other than the upload's own).
   * A state without it, as every state kept before aspects, renders at the cut-out's size.
   */
  canvas?: Size;
  /**
   * The take's shot (see takeComposition), chosen by the seed. A state kept before takes
   * differed has none and is framed as it was then, so its edits keep the picture's layout.
   */
  take?: number;
  /**
   * The product's pixels are kept exactly as cut out (the "exact product" switch). A state
   * without it, as every state kept before the switch, leans them toward the scene's light.
   */
  exactProduct?: boolean;
};

/** The largest side a kept canvas may have: twice an upload's, far past any aspect's. */
const MAX_CANVAS_SIDE = 4096;

/** Only the size of something that has one (a cut-out passed as a canvas keeps its pixels). */
const sizeOf = ({ width, height }: Size): Size => ({ width, height });

/**
 * The picture's size for an aspect of the cut-out, when it is not the cut-out's own. A white
 * (marketplace) request the seller left at the photo's own size is square (marketplaceSquare).
 */
export function canvasForAspect(
  cutout: Size,
  aspect: Aspect = DEFAULT_ASPECT,
  white = false,
): Size | undefined {
  const canvas = pictureSize(cutout.width, cutout.height, aspect, white);
  const same = canvas.width === cutout.width && canvas.height === cutout.height;
  return same ? undefined : canvas;
}

/** The size a state's picture renders at. */
export function renderSize(state: SceneState, cutout: Size): Size {
  return sizeOf(state.canvas ?? cutout);
}

/**
 * A generation's state. The shadow chosen with it: `soft` keeps the contact shadow only, and
 * `none` starts with the shadow removed, as the edit "remove the shadow" would (so "add a
 * shadow back" can bring it). `canvas` is the picture's size when it is not the cut-out's
 * (see canvasForAspect). The prompt may be given read already (readScene), so it is not read again.
 */
export function firstSceneState(
  prompt: string | SceneReading,
  seed: number,
  quality: RenderQuality,
  shadow: ShadowStyle = "natural",
  canvas?: Size,
): SceneState {
  const reading = readScene(prompt);
  const props = propsNamedIn(reading);
  const look = { ...NEUTRAL_LOOK, ...(shadow === "none" ? { shadow: 0 } : {}) };
  const castShadow = shadow !== "soft";
  const state: SceneState = {
    version: 1,
    prompt: reading.prompt,
    seed,
    quality,
    revisions: [],
    look,
    props,
    castShadow,
    take: takeComposition(seed).index,
  };
  return canvas ? { ...state, canvas: sizeOf(canvas) } : state;
}

/** Whether a stored canvas is a picture's size. */
function isCanvas(stored: unknown): stored is Size {
  if (typeof stored !== "object" || stored === null) return false;
  const { width, height } = stored as Record<string, unknown>;
  const side = (n: unknown) =>
    Number.isInteger(n) && Number(n) >= 1 && Number(n) <= MAX_CANVAS_SIDE;
  return side(width) && side(height);
}

/** A kept state read back; undefined when it is not one of ours (the edit then works on pixels). */
export function readSceneState(stored: Record<string, unknown>): SceneState | undefined {
  const { version, prompt, seed, quality, revisions } = stored;
  if (version !== 1 || typeof prompt !== "string" || typeof seed !== "number") return undefined;
  if (!Number.isInteger(seed) || (quality !== "fast" && quality !== "rich")) return undefined;
  if (!Array.isArray(revisions) || !revisions.every((r) => typeof r === "string")) return undefined;
  const props = Array.isArray(stored.props) ? stored.props.filter(isSceneProp) : [];
  const castShadow = stored.castShadow !== false;
  const { canvas } = stored;
  // A canvas that is not a size would render the picture stretched: not one of ours either.
  if (canvas !== undefined && !isCanvas(canvas)) return undefined;
  const { take } = stored;
  const hasTake = Number.isInteger(take) && Number(take) >= 0 && Number(take) < TAKE_COMPOSITIONS;
  return {
    version,
    prompt,
    seed,
    quality,
    revisions,
    look: readLook(stored.look),
    props,
    castShadow,
    ...(canvas ? { canvas: sizeOf(canvas) } : {}),
    ...(hasTake ? { take: Number(take) } : {}),
    ...(stored.exactProduct === true ? { exactProduct: true } : {}),
  };
}

/**
 * The cut-out and state as the job layer keeps them: the cut-out as a lossless RGBA PNG (its
 * PNG given when the job already has one, the upload's cut-out).
 */
export async function keepScene(
  cutout: Cutout,
  state: SceneState,
  png?: Buffer,
): Promise<KeptScene> {
  return { cutout: png ?? (await cutoutToPng(cutout)), state: { ...state } };
}
