import type { ReactNode } from "react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  busy: boolean;
  /** The confirm button waits (for figures still loading, say). */
  confirmDisabled?: boolean;
  error: string | null;
  onConfirm: () => void;
};

/** The frame of the subscription modals: what happens, what it costs, and two choices. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  dismissLabel,
  busy,
  confirmDisabled = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <div className="mt-5">
          <FormAlert id="confirm-dialog-error" message={error} />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
          <DialogClose className={buttonClasses({ variant: "secondary" })} disabled={busy}>
            {dismissLabel}
          </DialogClose>
          <Button loading={busy} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
