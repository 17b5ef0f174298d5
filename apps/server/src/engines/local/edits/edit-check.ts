import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { changesScene, readEdit, understood } from "./edit-plan.ts";

/**
 * Why the offline engine cannot honour an edit prompt, or undefined when it can: a prompt with
 * no word it understands, or a scene change for an image without a kept scene (one the fal
 * engine made, or an upload). Pure and quick, so the edit is refused before it is charged.
 */
export function editRefusal(prompt: string, hasKeptScene: boolean): string | undefined {
  const instruction = readEdit(prompt);
  if (!understood(instruction)) return M.editNotUnderstood;
  if (!hasKeptScene && changesScene(instruction)) return M.editNeedsOfflineScene;
  return undefined;
}
