/** The AI editor's entry: what the studio uses to offer, gate and open it. */

// The editor itself loads apart, when the studio's slot first renders it.
export { AiEditor } from "./components/lazy-ai-editor.ts";
export { useEditorGate } from "./hooks/use-editor-gate.ts";
export { useEditLock } from "./hooks/use-edit-lock.ts";
export { EditUpgradeAlert } from "./components/edit-upgrade-alert.tsx";
export type { EditProblem } from "./edit-request.ts";
