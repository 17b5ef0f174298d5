import { Suspense } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { AiEditor } from "../../editor/index.ts";

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

function EditorLoading() {
  return (
    <p
      role="status"
      className="mt-5 flex animate-delayed-fade-in items-center gap-2.5 text-sm text-ink-muted"
    >
      <Spinner className="size-4" />
      Opening the AI editor…
    </p>
  );
}

export function EditorSlot(props: EditorSlotProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <AiEditor {...props} />
    </Suspense>
  );
}
