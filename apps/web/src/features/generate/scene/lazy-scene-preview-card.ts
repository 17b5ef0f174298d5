import { lazyComponent } from "../../../lib/lazy-component.ts";
import type { ScenePreviewCardProps } from "./scene-preview.tsx";

/** The scene preview shows once the seller has typed: kept out of the first download. */
export const LazyScenePreviewCard = lazyComponent<ScenePreviewCardProps>(() =>
  import("./scene-preview.tsx").then((module) => module.ScenePreviewCard),
);
