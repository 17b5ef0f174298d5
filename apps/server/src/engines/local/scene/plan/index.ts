/** Reading prompt words into a scene plan: the vocabulary, the intents and the planner. */
export { meaningOf, planScene, propsNamedIn, readScene, type SceneReading } from "./planner.ts";
export { type PromptReading, readPrompt } from "./prompt-words.ts";
export { isSceneProp, propPhrases } from "./props.ts";
export { TAKE_COMPOSITIONS, takeComposition } from "./takes.ts";
export { COLOURS as SCENE_COLOURS } from "./words.ts";
