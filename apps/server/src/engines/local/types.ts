import type { Rgb } from "./common/index.ts";

/**
 * The engine's shared types: what the scene planner hands the renderer and the composite, and
 * the shapes passed between the cut-out, the framing and the edits. Only types live here, so no
 * module imports a planner (or a renderer) just to name one.
 */

/**
 * Where the subject is: the kind of place the prompt describes. `white` is no place: a
 * marketplace main image, the subject centred on pure #FFFFFF with at most a soft contact shadow.
 */
export type SceneSetting =
  | "white"
  | "studio"
  | "tabletop"
  | "podium"
  | "floor"
  | "beach"
  | "forest"
  | "city"
  | "mountains"
  | "sky"
  | "water"
  | "kitchen"
  | "bathroom"
  | "living room"
  | "office"
  | "cafe";
/** The texture drawn on the supporting surface. */
export type SceneMaterial =
  | "plain"
  | "marble"
  | "wood"
  | "concrete"
  | "linen"
  | "sand"
  | "stone"
  | "tiles"
  | "glass"
  | "water"
  | "grass"
  | "snow";
/**
 * Things drawn with the subject, each a family the renderer can draw convincingly. Some stand
 * behind it (a brick wall, a hanging drape, string lights out of focus, shadow patterns on the
 * floor and wall), the others lie or stand beside it, never in front of it.
 */
export type SceneProp =
  | "string lights"
  | "pine branches"
  | "autumn leaves"
  | "plant"
  | "lemons"
  | "oranges"
  | "limes"
  | "pebbles"
  | "drape"
  | "brick wall"
  | "palm shadows"
  | "blind shadows"
  | "splash";
/** What stands behind the subject above the horizon. */
export type SceneBackdrop = "wall" | "sky" | "foliage" | "studio";
/**
 * How much work a render may take: `fast` for the realtime method, `rich` for the queue
 * method (more texture detail, more blur samples, finer light effects).
 */
export type RenderQuality = "fast" | "rich";

export type SceneCamera = {
  /** The subject fills more of the frame; the horizon sits lower and the backdrop blurs more. */
  closeUp: boolean;
  /** Seen from above: no horizon, the surface fills the frame. */
  topDown: boolean;
  /** 0..1, how strongly the backdrop is thrown out of focus (depth of field). */
  bokeh: number;
};

export type SceneLight = {
  /** Colour the whole scene leans toward. */
  tint: Rgb;
  /** 0..1, how far it leans. */
  amount: number;
  /** Where the light comes from, 0 = left edge, 1 = right edge; undefined lets the seed pick. */
  side: number | undefined;
  /** 0..1: 0 a low sun at the horizon (long shadows), 1 straight overhead (short ones). */
  elevation: number;
  /** 0..1: 0 soft, diffuse light (blurred shadows), 1 hard light (crisp shadows). */
  hardness: number;
  /** The light is behind the subject: rim light on its edges, shadow falling toward camera. */
  backlit: boolean;
  /** 1 is neutral; above 1 darker shadows and brighter highlights. */
  contrast: number;
  /** 0..1, how much the corners darken. */
  vignette: number;
};

/** Everything the renderer needs from the prompt; the seed only varies details. */
export type ScenePlan = {
  /** Backdrop colours, top of the picture → horizon. */
  sky: [Rgb, Rgb];
  /** Floor colours, horizon → bottom of the picture. */
  floor: [Rgb, Rgb];
  setting: SceneSetting;
  material: SceneMaterial;
  /** 0..1, how mirror-like the supporting surface is (glass, water, polished marble). */
  gloss: number;
  backdrop: SceneBackdrop;
  camera: SceneCamera;
  /** 1 as rendered; below 1 a darker background, above 1 a brighter one (edits use it). */
  backgroundGain: number;
  /** 0..1, how strong the subject's contact and cast shadows are; 0 removes them. */
  shadow: number;
  /** Whether the light casts the subject's shadow across the floor; false keeps contact only. */
  castShadow: boolean;
  sun: boolean;
  stars: boolean;
  light: SceneLight;
  /** A cylinder under the subject (the podium setting, or "on a pedestal" in any place). */
  podium: boolean;
  /** The podium's own colour when the prompt gives one ("a white podium"). */
  podiumColour: Rgb | undefined;
  /** Magenta and cyan tube glows on the backdrop. */
  neon: boolean;
  /** Window light falling across the scene in soft shafts. */
  window: boolean;
  /** The props drawn with the subject, in the order the texts named them. */
  props: SceneProp[];
  /** The time of day named, if any (night lights the city's windows, for one). */
  time: TimeOfDay | undefined;
  /** The prompt words that shaped the plan, in the order they were applied. */
  words: string[];
  /** The photographed scene of the library it is drawn from (scene/library), if one fits. */
  scene?: string;
  /** The photograph of the surface the subject stands on (scene/library's PHOTOS), if any. */
  surfacePhoto?: string;
  /**
   * The backdrop's colour as the scene chose it, before colour, time and mood words: its
   * photographed sky or view is re-tinted by how far the words moved the backdrop from it.
   */
  backdropBase?: Rgb;
  /** A pool of light around the subject with darkness beyond it ("spotlight"). */
  spotlight?: boolean;
  /** 0..1: how thick a pale haze hides the distance ("foggy", "misty"). */
  fog?: number;
  /**
   * The product is composited exactly as cut out: no light match, light wrap, rim or side light
   * on its pixels (the "exact product" switch); the scene around it is lit all the same. A plan
   * without it leans the product toward the scene's light.
   */
  exactProduct?: boolean;
  /**
   * The take's own composition (camera height, light side, where the subject stands); a plan
   * without one (a scene kept before takes differed, a paste-back) is framed as it always was.
   */
  take?: TakeComposition;
};

/**
 * How one take of a request is shot, so the takes of one request are different pictures of the
 * same scene: what the prompt asks for is drawn in each, only the shot changes.
 */
export type TakeComposition = {
  /** Which of the compositions this is (the seed's place among a request's takes). */
  index: number;
  /** Where the subject's middle stands, as a share of the picture's width; none: as framed. */
  subjectX?: number;
  /** The subject's size against the framing's own, about its foot (1 as framed). */
  scale: number;
  /**
   * For a subject the photo cuts: the camera's step back (its size against the photo's, about
   * its cut edges); one cut on both sides of an axis is shot closer by its inverse instead.
   */
  cutScale: number;
  /**
   * The camera's height: where the horizon crosses the subject, as a share of its height from
   * its top (0 a high camera, the horizon at its top; 1 a low one, the horizon at its foot).
   */
  horizonAt: number;
  /** Where the key light comes from when the prompt does not say (0 left edge, 1 right edge). */
  lightSide: number;
  /** 0..1: how hard the light is on a white background, whose shadow only this varies. */
  whiteHardness: number;
};

/** A time of day a prompt can name. */
export type TimeOfDay = "day" | "morning" | "golden hour" | "sunset" | "blue hour" | "night";

/**
 * The picture's size and where the floor meets the backdrop, in pixels; `subject` is where the
 * subject will stand (so a podium or a pool of light can be drawn under it).
 */
export type SceneGeometry = {
  width: number;
  height: number;
  horizon: number;
  subject?: { left: number; top: number; right: number; bottom: number };
};

/** A picture's size in pixels. */
export type Size = { width: number; height: number };

/** A box in picture pixels (right and bottom exclusive). */
export type Bounds = { left: number; top: number; right: number; bottom: number };

/** The subject of a photo: straight-alpha RGBA plus its alpha plane, at the photo's size. */
export type Cutout = { rgba: Buffer; mask: Buffer; width: number; height: number };
