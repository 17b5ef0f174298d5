import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DialogActions, DialogIcon } from "../../../components/ui/dialog-card.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { authErrorMessage } from "../identity-errors.ts";
import { useSession } from "../session.ts";

export const LOGGED_OUT_MESSAGE = "You have been logged out.";

type ConfirmLogoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on Cancel: the button that opened the dialog. */
  returnFocus?: () => HTMLElement | null;
};

export function ConfirmLogoutDialog({ open, onOpenChange, returnFocus }: ConfirmLogoutDialogProps) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const logOut = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      onOpenChange(false);
      notifySuccess(LOGGED_OUT_MESSAGE);
      navigate("/");
    },
    onError: (error) => notifyError(authErrorMessage(error)),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !logOut.isPending && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // After logging out that button is gone, and the new page has taken focus.
          event.preventDefault();
          const target = returnFocus?.();
          if (target?.isConnected) target.focus();
        }}
      >
        <DialogIcon tone="neutral">
          <LogOut aria-hidden="true" className="size-6" />
        </DialogIcon>
        <DialogTitle className="mt-4">Confirm Logout</DialogTitle>
        <DialogDescription>
          Are you sure you want to log out? Your tokens and results stay with your account for next
          time.
        </DialogDescription>
        <DialogActions>
          <Button variant="primary" loading={logOut.isPending} onClick={() => logOut.mutate()}>
            Log Out
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
