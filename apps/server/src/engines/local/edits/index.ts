/**
 * Edits of a generated picture: reading an edit prompt into look settings and scene revisions,
 * the scene kept with each result and rendered again, and look edits on plain pixels.
 */
export { editRefusal } from "./edit-check.ts";
export { NEUTRAL_LOOK } from "./edit-look.ts";
export { applyLook, changesScene, readEdit, stateAfter, understood } from "./edit-plan.ts";
export { subjectTarget } from "./edit-target.ts";
export { measuredRender, planOf, renderEdit, renderKept } from "./kept-render.ts";
export {
  canvasForAspect,
  firstSceneState,
  keepScene,
  readSceneState,
  type SceneState,
} from "./kept-scene.ts";
export { editPixels, needsSubjectMask } from "./pixel-edits.ts";
