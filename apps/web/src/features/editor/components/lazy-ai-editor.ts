import { lazyComponent } from "../../../lib/lazy-component.ts";
import type { AiEditorProps } from "./ai-editor.tsx";

/**
 * The AI editor is only needed once there is a result: it loads apart from the Generate page,
 * when the studio's editor slot renders it, or ahead with `preload`.
 */
export const AiEditor = lazyComponent<AiEditorProps>(() =>
  import("./ai-editor.tsx").then((editor) => editor.AiEditor),
);
