import {
  formatBillingDate,
  formatUsd,
  MESSAGES,
  type Plan,
  type TCurrentUser,
} from "@backdrop/shared";
import { notifySuccess } from "../../../lib/notify.ts";
import { reactivateSubscription } from "../api.ts";
import { useApplySubscriptionState } from "../hooks/use-apply-subscription-state.ts";
import { useSubscriptionAction } from "../hooks/use-subscription-action.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

type ReactivateDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: TCurrentUser;
  plan: Plan;
};

export function ReactivateDialog({ open, onOpenChange, user, plan }: ReactivateDialogProps) {
  const { busy, error, run, clearError } = useSubscriptionAction(MESSAGES.renewSubscriptionFailed);
  const apply = useApplySubscriptionState();
  const endDate = user.subscriptionEndDate ? formatBillingDate(user.subscriptionEndDate) : null;
  const price = `${formatUsd(plan.priceCents)}/month`;

  const confirm = () =>
    run(async () => {
      apply(await reactivateSubscription(user.uid));
      onOpenChange(false);
      notifySuccess(`Your ${plan.name} plan will renew`);
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        clearError();
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
