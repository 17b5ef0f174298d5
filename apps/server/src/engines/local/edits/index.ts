/**
 * Edits of a generated picture: reading an edit prompt into look settings and scene revisions,
 * refusing the ones that cannot be honoured, and look edits on the pixels of a picture without a
 * kept scene. The kept scene they revise is ../scene-state.
 */
export { editRefusal } from "./edit-check.ts";
export { applyLook, changesScene, readEdit, stateAfter, understood } from "./edit-plan.ts";
export { subjectTarget } from "./edit-target.ts";
export { editPixels } from "./pixel-edits.ts";
