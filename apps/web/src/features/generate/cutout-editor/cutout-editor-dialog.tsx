import { Redo2, RotateCcw, Undo2 } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogCloseIcon,
  DialogDescription,
  DialogTitle,
  WorkspaceDialogContent,
} from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { BackdropChoice } from "./backdrop-choice.tsx";
import { BrushControls } from "./brush-controls.tsx";
import { type Backdrop, brushSizeRange, type Tool } from "./brush-settings.ts";
import { CutoutCanvas } from "./cutout-canvas.tsx";
import { MaskFiles } from "./mask-files.tsx";
import { isRedo, isUndo } from "./undo-keys.ts";
import { useMaskEditing } from "./use-mask-editing.ts";
import { useMaskLoading } from "./use-mask-loading.ts";
import { useMaskSaving } from "./use-mask-saving.ts";

export type CutoutEditorDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The upload whose mask is refined. */
  recordId: string;
  /** The picked photo, drawn through the mask. */
  photoUrl: string;
  photoName: string;
  /** The upload's new cut-out, once a refined or uploaded mask is saved. */
  onSaved: (cutoutUrl: string) => void;
};

/** "Refine cut-out": the upload's mask, painted by hand and saved back to it (free). */
export function CutoutEditorDialog(props: CutoutEditorDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <WorkspaceDialogContent aria-describedby="cutout-editor-help">
        {props.open && <CutoutEditor {...props} />}
      </WorkspaceDialogContent>
    </Dialog>
  );
}

function CutoutEditor({
  recordId,
  photoUrl,
  photoName,
  onSaved,
  onOpenChange,
}: CutoutEditorDialogProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const { loading, reload } = useMaskLoading(recordId, photoUrl);
  const ready = loading.status === "ready" ? loading : null;
  const editing = useMaskEditing(canvas, ready?.photo ?? null, ready?.mask ?? null);
  const sizeRange = brushSizeRange(ready ? Math.max(ready.mask.width, ready.mask.height) : 600);
  const [tool, setTool] = useState<Tool>("erase");
  const [size, setSize] = useState<number | null>(null);
  const [softness, setSoftness] = useState(0.3);
  const [backdrop, setBackdrop] = useState<Backdrop>({ kind: "checkerboard" });
  const saving = useMaskSaving(recordId);
  const brushSize = size ?? sizeRange.initial;

  const save = async () => {
    const mask = editing.current();
    if (!mask) return;
    const url = await saving.saveEdited(mask);
    if (url) {
      onSaved(url);
      onOpenChange(false);
    }
  };

  const uploadMask = async (file: File) => {
    const url = await saving.saveFile(file);
    if (url) {
      onSaved(url);
      reload();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (isUndo(event)) {
      event.preventDefault();
      editing.undo();
    } else if (isRedo(event)) {
      event.preventDefault();
      editing.redo();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z and Ctrl+Shift+Z anywhere in the editor; the buttons are the other path
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <header className="flex items-start gap-3 border-b border-line px-4 py-3 sm:px-6">
        <div className="min-w-0 flex-1">
          <DialogTitle className="text-lg">Refine cut-out</DialogTitle>
          <DialogDescription id="cutout-editor-help" className="mt-0.5 text-sm">
            Fix what the automatic cut-out missed. Refining is free.
          </DialogDescription>
        </div>
        <DialogCloseIcon label="Close" />
      </header>
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
        <div className="flex min-h-[45vh] flex-1 flex-col bg-canvas p-3 sm:p-5 lg:min-h-0">
          {loading.status === "loading" && (
            <p role="status" className="m-auto flex items-center gap-2 text-sm text-ink-muted">
              <Spinner className="size-5" /> Loading the cut-out…
            </p>
          )}
          {loading.status === "failed" && (
            <p role="alert" className="m-auto max-w-sm text-center text-sm text-danger-600">
              {loading.message}
            </p>
          )}
          <div hidden={!ready} className="flex min-h-0 flex-1 flex-col">
            <CutoutCanvas
              canvas={canvas}
              editing={editing}
              tool={tool}
              brush={{ radius: brushSize / 2, softness }}
              backdrop={backdrop}
            />
          </div>
        </div>
        <aside className="flex shrink-0 flex-col gap-5 border-t border-line p-4 sm:p-6 lg:w-80 lg:overflow-y-auto lg:border-t-0 lg:border-l">
          <BrushControls
            tool={tool}
            onTool={setTool}
            size={brushSize}
            sizeRange={sizeRange}
            onSize={setSize}
            softness={softness}
            onSoftness={setSoftness}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={editing.undo}
              disabled={!editing.canUndo}
              aria-keyshortcuts="Control+Z"
            >
              <Undo2 aria-hidden="true" /> Undo
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={editing.redo}
              disabled={!editing.canRedo}
              aria-keyshortcuts="Control+Shift+Z"
            >
              <Redo2 aria-hidden="true" /> Redo
            </Button>
            <Button variant="secondary" size="sm" onClick={editing.reset} disabled={!ready}>
              <RotateCcw aria-hidden="true" /> Reset to automatic
            </Button>
          </div>
          <BackdropChoice backdrop={backdrop} onChange={setBackdrop} />
          <MaskFiles
            onUpload={(file) => void uploadMask(file)}
            onDownload={() => void saving.download(photoName)}
            busy={saving.busy}
          />
        </aside>
      </div>
      <footer className="flex flex-col gap-3 border-t border-line px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <p role="alert" className="min-w-0 flex-1 text-sm text-danger-600">
          {saving.error}
        </p>
        <div className="flex justify-end gap-2.5">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving.busy} disabled={!ready}>
            Save cut-out
          </Button>
        </div>
      </footer>
    </div>
  );
}
