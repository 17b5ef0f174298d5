/** Reading prompt words into a scene plan: the vocabulary, the intents and the planner. */
export { planScene } from "./planner.ts";
export { type PromptReading, readPrompt } from "./prompt-words.ts";
