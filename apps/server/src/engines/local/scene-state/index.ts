/**
 * The scene kept with each result: its state (the prompt, seed, edits' scene words and look), the
 * look's settings and how they change the plan and the composed pixels, and the render that draws
 * a state again, so an edit renders its new state as the generation rendered the first.
 */
export { boundedLook, hasPictureLook, type LookSettings, NEUTRAL_LOOK } from "./edit-look.ts";
export { measuredRender, planOf, renderEdit } from "./kept-render.ts";
export {
  canvasForAspect,
  firstSceneState,
  keepScene,
  readSceneState,
  type SceneState,
} from "./kept-scene.ts";
export { applyBackgroundLook, applyPictureLook } from "./look-pixels.ts";
