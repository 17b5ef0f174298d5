/**
 * The scene behind the subject: `plan/` reads the prompt's words into a plan, `render/` draws a
 * plan to pixels. Neither imports the other; both share the plan's types from ../types.ts and
 * the photographed scenes of `library/`.
 */
export { type LibraryScene, libraryScene, SCENE_LIBRARY } from "./library/index.ts";
export {
  isSceneProp,
  type PromptReading,
  planScene,
  propPhrases,
  propsNamedIn,
  readPrompt,
  readScene,
  SCENE_COLOURS,
  type SceneReading,
  TAKE_COMPOSITIONS,
  takeComposition,
} from "./plan/index.ts";
export {
  lightSide,
  type PodiumShape,
  podiumReach,
  podiumShape,
  renderScene,
} from "./render/index.ts";
