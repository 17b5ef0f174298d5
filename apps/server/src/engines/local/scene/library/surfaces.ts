import type { SceneMaterial } from "../../types.ts";
import type { LibraryScene } from "./library-scene.ts";
import type { PhotoId } from "./photos.ts";

/** What each photographed surface shows. */
const SHOWS: Partial<Record<PhotoId, SceneMaterial>> = {
  marble: "marble",
  "grey-marble": "marble",
  "wood-planks": "wood",
  "wood-parquet": "wood",
  "stone-slabs": "stone",
  travertine: "stone",
  granite: "stone",
  slate: "stone",
  pebbles: "stone",
  "beige-tiles": "tiles",
  "checker-tiles": "tiles",
  terracotta: "tiles",
  grass: "grass",
  linen: "linen",
  velvet: "linen",
  paving: "concrete",
  "sand-paper": "sand",
};

/** The photograph a surface named in the prompt is drawn with when its scene shows another. */
const FOR_MATERIAL: Partial<Record<SceneMaterial, PhotoId>> = {
  marble: "marble",
  wood: "wood-planks",
  stone: "stone-slabs",
  tiles: "beige-tiles",
  grass: "grass",
  linen: "linen",
  sand: "sand-paper",
};

/**
 * The photograph the subject stands on: the scene's own, unless the prompt named a surface the
 * scene's photo does not show ("a picnic blanket" in a park), which gets its own photograph, or
 * none when the library has no photograph of it (snow, glass, water are drawn).
 */
export function surfacePhoto(
  scene: LibraryScene,
  material: SceneMaterial,
  named: boolean,
): PhotoId | undefined {
  if (!scene.surface) return undefined;
  const shown = SHOWS[scene.surface] ?? "plain";
  return !named || shown === material ? scene.surface : FOR_MATERIAL[material];
}
