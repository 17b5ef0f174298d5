import type { TScenePreviewRequest, TScenePreviewResponse } from "@backdrop/shared";
import type { ImageEngine } from "../engines/image-engine.ts";

export type ScenePreviewService = {
  /** What the engine will draw for the prompt: free, for anyone, before any charge. */
  preview(request: TScenePreviewRequest): Promise<TScenePreviewResponse>;
};

export function createScenePreviewService(
  engine: Pick<ImageEngine, "previewScene">,
): ScenePreviewService {
  return {
    preview({ prompt, width, height }) {
      return engine.previewScene(prompt, width && height ? { width, height } : undefined);
    },
  };
}
