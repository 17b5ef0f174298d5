import { AiEditor } from "../../editor/components/ai-editor.tsx";

/** Where the AI editor panel (features/editor) plugs into the studio. */
export type EditorSlotProps = {
  /** The image record the edits belong to (the edit call's imageRecordId). */
  recordId: string;
  /** The image to start editing from: the result as currently shown. */
  imageUrl: string;
  /** 'Done Editing - Save and Close': the edited image becomes the shown result. */
  onSave: (url: string) => void;
  /** Close without saving; the shown result stays as it was. */
  onClose: () => void;
};

export function EditorSlot(props: EditorSlotProps) {
  return <AiEditor {...props} />;
}
