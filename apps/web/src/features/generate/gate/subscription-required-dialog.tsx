import { formatUsd, PLANS } from "@backdrop/shared";
import { Crown } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DialogActions, DialogIcon } from "../../../components/ui/dialog-card.tsx";

type SubscriptionRequiredDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** SPEC points 2 and 5: generating needs a plan; View Plans leads to the pricing page. */
export function SubscriptionRequiredDialog({
  open,
  onOpenChange,
}: SubscriptionRequiredDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogIcon tone="accent">
          <Crown aria-hidden="true" className="size-6" />
        </DialogIcon>
        <DialogTitle className="mt-4">Subscription Required</DialogTitle>
        <DialogDescription>
          Choose a plan to start generating. Every plan renews monthly with fresh tokens, from{" "}
          {PLANS.starter.tokensPerMonth} tokens for {formatUsd(PLANS.starter.priceCents)}.
        </DialogDescription>
        <DialogActions>
          <Link to="/pricing" className={buttonClasses({ variant: "primary" })}>
            View Plans
          </Link>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
