import type { SceneMaterial, SceneSetting } from "../../types.ts";
import type { PhotoId } from "./photos.ts";

/**
 * One scene of the library: a place the engine draws from photographs. `when` says what the
 * prompt's understood words must name for it (its place, surface, or words); the most specific
 * scene that fits wins. `wall` is a texture repeated above the horizon, `view` a photograph laid
 * over the whole backdrop instead of the drawn one, `sky` a photographed sky behind what is
 * drawn, `surface` the texture the subject stands on. `dark` scenes start from dark colours
 * unless the prompt names its own.
 */
export type LibraryScene = {
  id: string;
  name: string;
  /** A prompt that asks for it (the gallery and the tests use it). */
  prompt: string;
  when: { setting?: SceneSetting[]; material?: SceneMaterial[]; words?: RegExp };
  wall?: PhotoId;
  view?: PhotoId;
  sky?: PhotoId;
  surface?: PhotoId;
  dark?: boolean;
};
