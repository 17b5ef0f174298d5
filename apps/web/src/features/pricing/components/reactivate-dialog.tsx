import {
  formatBillingDate,
  formatUsd,
  MESSAGES,
  type Plan,
  type TCurrentUser,
} from "@backdrop/shared";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { reactivateSubscription } from "../api.ts";
import { useApplySubscriptionState } from "../hooks/use-apply-subscription-state.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

type ReactivateDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: TCurrentUser;
  plan: Plan;
};

export function ReactivateDialog({ open, onOpenChange, user, plan }: ReactivateDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const apply = useApplySubscriptionState();
  const endDate = user.subscriptionEndDate ? formatBillingDate(user.subscriptionEndDate) : null;
  const price = `${formatUsd(plan.priceCents)}/month`;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      apply(await reactivateSubscription(user.uid));
      onOpenChange(false);
      notifySuccess(`Your ${plan.name} plan will renew`);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : MESSAGES.renewSubscriptionFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        onOpenChange(next);
      }}
      title={`Keep your ${plan.name} plan?`}
      description={
        endDate
          ? `Your subscription renews on ${endDate} at ${price}, with ${plan.tokensPerMonth} new tokens each month.`
          : `Your subscription renews at ${price}, with ${plan.tokensPerMonth} new tokens each month.`
      }
      confirmLabel="Reactivate"
      dismissLabel="Not now"
      busy={busy}
      error={error}
      onConfirm={confirm}
    />
  );
}
