/**
 * The scene behind the subject: `plan/` reads the prompt's words into a plan, `render/` draws a
 * plan to pixels. Neither imports the other; both share the plan's types from ../types.ts.
 */
export {
  isSceneProp,
  type PromptReading,
  planScene,
  propPhrases,
  propsNamedIn,
  readPrompt,
  readScene,
  type SceneReading,
} from "./plan/index.ts";
export {
  lightSide,
  type PodiumShape,
  podiumReach,
  podiumShape,
  renderScene,
} from "./render/index.ts";
