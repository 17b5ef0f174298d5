import { lazyComponent } from "../../../lib/lazy-component.ts";
import type { AiEditorProps } from "../../editor/components/ai-editor.tsx";

/**
 * The AI editor (features/editor) is only needed once there is a result: it loads apart from
 * the Generate page, in the slot (editor-slot.tsx), or ahead with `preload`.
 */
export const AiEditor = lazyComponent<AiEditorProps>(() =>
  import("../../editor/components/ai-editor.tsx").then((editor) => editor.AiEditor),
);
