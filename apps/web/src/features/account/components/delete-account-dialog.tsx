import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DialogActions, DialogIcon } from "../../../components/ui/dialog-card.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";

/**
 * The last question before the account goes: names each thing deleted and what accounting
 * keeps. Cancel is first and the safe default; the error of a refused delete shows here.
 */
export function DeleteAccountDialog({
  open,
  goes,
  busy,
  error,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  /** What is deleted, one line each, as `whatGoes` words it. */
  goes: readonly string[];
  busy: boolean;
  error: string | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent aria-describedby="delete-account-description">
        <DialogIcon tone="danger">
          <Trash2 aria-hidden="true" className="size-6" />
        </DialogIcon>
        <DialogTitle className="mt-4">Delete your account?</DialogTitle>
        <DialogDescription id="delete-account-description">
          This can't be undone. These are deleted now:
        </DialogDescription>
        <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-[0.9375rem] text-ink marker:text-danger-600">
          {goes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm leading-relaxed text-ink-muted">
          Payments and token movements are kept for accounting, under an anonymous number that no
          longer leads to you.
        </p>
        <div className="mt-4 empty:hidden">
          <FormAlert id="delete-account-error" message={error} />
        </div>
        <DialogActions>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {!busy && <Trash2 aria-hidden="true" />}
            Delete my account
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
