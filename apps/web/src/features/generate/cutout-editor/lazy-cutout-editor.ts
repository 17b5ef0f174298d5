import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import type { CutoutEditorDialogProps } from "./cutout-editor-dialog.tsx";

/** The cut-out editor, opened from the photo: kept out of the first download. */
export const LazyCutoutEditor = lazyDialog<CutoutEditorDialogProps>(() =>
  import("./cutout-editor-dialog.tsx").then((module) => module.CutoutEditorDialog),
);
