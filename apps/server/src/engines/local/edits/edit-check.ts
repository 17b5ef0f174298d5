import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import {
  type LookSettings,
  NEUTRAL_LOOK,
  planOf,
  readSceneState,
  type SceneState,
} from "../scene-state/index.ts";
import {
  applyLook,
  changesScene,
  type EditInstruction,
  readEdit,
  stateAfter,
  understood,
} from "./edit-plan.ts";
import { restyledProp, subjectTarget } from "./edit-target.ts";

/** The look settings applied to the composed picture (the others act through the plan). */
function pictureLook(look: LookSettings) {
  const { warmth, exposure, contrast, saturation, monochrome } = look;
  return { warmth, exposure, contrast, saturation, monochrome };
}

/**
 * What a state renders, as a comparable string: the looked plan (its scene, light, blur, shadow,
 * background gain) and the picture look. The plan's words only vary texture details, so two
 * states that differ only there ("at dusk", then "make it sunset") draw the same picture.
 */
function pictureOf(state: SceneState): string {
  const { words: _, ...plan } = planOf(state);
  return JSON.stringify({ plan, look: pictureLook(state.look) });
}

/** Whether the instruction, applied to a kept state as the engine would, draws the same picture. */
export function changesNothing(instruction: EditInstruction, state: SceneState): boolean {
  return pictureOf(stateAfter(state, instruction)) === pictureOf(state);
}

/** Without a kept scene, looks start from neutral: a look that ends there changes no pixel. */
function changesNoPixel(instruction: EditInstruction): boolean {
  const look = applyLook(NEUTRAL_LOOK, instruction);
  return JSON.stringify(look) === JSON.stringify(NEUTRAL_LOOK);
}

/**
 * Why the local engine cannot honour an edit prompt, or undefined when it can: a prompt about
 * the subject rather than its scene, a prompt with no word it understands, a scene change for an
 * image without a kept scene (a fal result, an upload), or an edit that would leave the picture
 * as it is (judged on the kept state when there is one). Pure and quick (a few regular
 * expressions and two scene plans), so the edit is refused before it is charged.
 */
export function editRefusal(
  prompt: string,
  hasKeptScene: boolean,
  keptState?: Record<string, unknown>,
): string | undefined {
  if (subjectTarget(prompt) !== undefined) return M.editTargetsSubject;
  if (restyledProp(prompt) !== undefined) return M.editRestylesProp;
  const instruction = readEdit(prompt);
  if (!understood(instruction)) return M.editNotUnderstood;
  if (!hasKeptScene && changesScene(instruction)) return M.editNeedsOfflineScene;
  const state = keptState ? readSceneState(keptState) : undefined;
  if (state) return changesNothing(instruction, state) ? M.editChangesNothing : undefined;
  if (!hasKeptScene && changesNoPixel(instruction)) return M.editChangesNothing;
  return undefined;
}
