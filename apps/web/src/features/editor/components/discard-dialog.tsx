import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DialogActions, DialogIcon } from "../../../components/ui/dialog-card.tsx";

type DiscardDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** An edit is still running: it will be thrown away too. */
  busy: boolean;
  onDiscard(): void;
  /** Where focus goes back to on Cancel; Radix would return it to a trigger, and there is none. */
  returnFocus(): HTMLElement | null;
};

export function DiscardDialog({
  open,
  onOpenChange,
  busy,
  onDiscard,
  returnFocus,
}: DiscardDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = returnFocus();
          if (target?.isConnected) target.focus();
        }}
      >
        <DialogIcon tone="neutral">
          <Trash2 aria-hidden="true" className="size-6" />
        </DialogIcon>
        <DialogTitle className="mt-4">Discard your edits?</DialogTitle>
        <DialogDescription>
          {busy ? "An edit is still running. " : ""}
          Closing keeps your result as it was before you opened the editor. To keep the image you
          are looking at, choose Done Editing instead.
        </DialogDescription>
        <DialogActions>
          <Button variant="primary" onClick={onDiscard}>
            Discard Edits
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
