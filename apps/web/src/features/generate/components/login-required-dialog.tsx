import { LockKeyhole } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";

type LoginRequiredDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function LoginRequiredDialog({ open, onOpenChange }: LoginRequiredDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
          <LockKeyhole aria-hidden="true" className="size-6" />
        </span>
        <DialogTitle className="mt-4">Login Required</DialogTitle>
        <DialogDescription>
          Please log in to generate images. Your account keeps your tokens and every result in your
          gallery.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
          <DialogClose className={buttonClasses({ variant: "secondary" })}>Cancel</DialogClose>
          <Link to="/login" className={buttonClasses({ variant: "primary" })}>
            Go to Login
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
