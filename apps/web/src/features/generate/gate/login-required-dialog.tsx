import { LockKeyhole } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DialogActions, DialogIcon } from "../../../components/ui/dialog-card.tsx";

type LoginRequiredDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function LoginRequiredDialog({ open, onOpenChange }: LoginRequiredDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogIcon tone="accent">
          <LockKeyhole aria-hidden="true" className="size-6" />
        </DialogIcon>
        <DialogTitle className="mt-4">Login Required</DialogTitle>
        <DialogDescription>
          Please log in to generate images. Your account keeps your tokens and every result in your
          gallery.
        </DialogDescription>
        <DialogActions>
          {/* beside the spec's two: a first-time visitor has no account to log in to */}
          <Link to="/signup" className={buttonClasses({ variant: "secondary" })}>
            Create account
          </Link>
          <Link to="/login" className={buttonClasses({ variant: "primary" })}>
            Go to Login
          </Link>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
