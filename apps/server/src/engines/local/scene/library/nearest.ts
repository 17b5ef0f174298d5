import type { SceneMaterial, SceneSetting } from "../../types.ts";
import { type LibraryScene, SCENE_LIBRARY } from "./scenes.ts";

/** What a plan asks of the library: its place, its surface and the words it understood. */
export type SceneAsk = { setting: SceneSetting; material: SceneMaterial; words: string[] };

function fits(scene: LibraryScene, ask: SceneAsk, text: string): boolean {
  const { setting, material, words } = scene.when;
  if (setting && !setting.includes(ask.setting)) return false;
  if (material && !material.includes(ask.material)) return false;
  return !words || words.test(text);
}

/**
 * Words the prompt used outweigh a surface, which outweighs a place; among equals, the scene
 * naming fewer places.
 */
function specificity({ when }: LibraryScene): number {
  const named = (when.words ? 3 : 0) + (when.material ? 2 : 0) + (when.setting ? 1 : 0);
  return named * 100 - (when.setting?.length ?? 50);
}

/**
 * The library's scene nearest to what the prompt asked: the most specific one whose place,
 * surface and words the prompt named; undefined when none fits (the scene is drawn alone).
 * Only understood words count, so a word left out never changes the scene.
 */
export function nearestScene(ask: SceneAsk): LibraryScene | undefined {
  const text = ask.words.join(" ").toLowerCase();
  let best: LibraryScene | undefined;
  for (const scene of SCENE_LIBRARY) {
    if (!fits(scene, ask, text)) continue;
    if (!best || specificity(scene) > specificity(best)) best = scene;
  }
  return best;
}

const BY_ID = new Map(SCENE_LIBRARY.map((scene) => [scene.id, scene]));

export function libraryScene(id: string | undefined): LibraryScene | undefined {
  return id === undefined ? undefined : BY_ID.get(id);
}
