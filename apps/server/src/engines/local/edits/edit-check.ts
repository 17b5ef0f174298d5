import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import {
  type LookSettings,
  NEUTRAL_LOOK,
  planOf,
  readSceneState,
  type SceneState,
} from "../scene-state/index.ts";
import type { ScenePlan } from "../types.ts";
import {
  applyLook,
  changesScene,
  type EditInstruction,
  readEdit,
  stateAfter,
  understood,
} from "./edit-plan.ts";
import { restyledProp, subjectTarget } from "./edit-target.ts";

/**
 * The look settings applied to the composed picture (the others act through the plan), and the
 * backdrop's colour, which a white background takes on its pixels.
 */
function pictureLook(look: LookSettings) {
  const { warmth, exposure, contrast, saturation, monochrome, backdrop } = look;
  return { warmth, exposure, contrast, saturation, monochrome, backdrop };
}

/**
 * What a state renders, as a comparable string: the looked plan (its scene, light, blur, shadow,
 * background gain) and the picture look. The plan's words only vary texture details, so two
 * states that differ only there ("at dusk", then "make it sunset") draw the same picture.
 */
function pictureOf(state: SceneState): string {
  const { words: _, camera, ...plan } = planOf(state);
  // A white background is flat: no depth of field blurs it.
  const focus = plan.setting === "white" ? undefined : camera;
  return JSON.stringify({ plan, focus, look: pictureLook(state.look) });
}

/** Whether the instruction, applied to a kept state as the engine would, draws the same picture. */
export function changesNothing(instruction: EditInstruction, state: SceneState): boolean {
  return pictureOf(stateAfter(state, instruction)) === pictureOf(state);
}

/** What a state renders apart from its depth of field. */
function pictureApartFromFocus(state: SceneState): string {
  const { words: _, camera, ...plan } = planOf(state);
  const { bokeh: __, ...shot } = camera;
  return JSON.stringify({ plan, shot, look: pictureLook(state.look) });
}

/**
 * A backdrop with nothing on it that focus would show: a studio's plain paper (white, grey or
 * painted), no lights, window, sun or stars on it. Measured: a step of focus moves it by a
 * fraction of a level per pixel (focus-edits.test.ts).
 */
function flatBackdrop(plan: ScenePlan): boolean {
  return (
    plan.backdrop === "studio" &&
    plan.material === "plain" &&
    !plan.neon &&
    !plan.window &&
    !plan.sun &&
    !plan.stars
  );
}

/**
 * Whether the instruction only moves the focus of a scene where focus shows nothing:
 * sharpening a flat backdrop, or blurring one with no props standing on it.
 */
function refocusesNothing(instruction: EditInstruction, state: SceneState): boolean {
  const next = stateAfter(state, instruction);
  if (pictureApartFromFocus(next) !== pictureApartFromFocus(state)) return false;
  const [before, after] = [planOf(state), planOf(next)];
  if (!flatBackdrop(after)) return false;
  const sharper = after.camera.bokeh < before.camera.bokeh;
  return sharper || after.props.length === 0;
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
 * as it is (judged on the kept state when there is one), such as sharpening a plain backdrop. Pure and quick (a few regular
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
  if (state && changesNothing(instruction, state)) return M.editChangesNothing;
  if (state && refocusesNothing(instruction, state)) return M.editFocusOnPlainBackdrop;
  if (state) return undefined;
  if (!hasKeptScene && changesNoPixel(instruction)) return M.editChangesNothing;
  return undefined;
}
