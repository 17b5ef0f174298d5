import { formatBillingDate, MESSAGES, type Plan, type TCurrentUser } from "@backdrop/shared";
import { notifySuccess } from "../../../lib/notify.ts";
import { cancelSubscription } from "../api.ts";
import { useApplySubscriptionState } from "../hooks/use-apply-subscription-state.ts";
import { useSubscriptionAction } from "../hooks/use-subscription-action.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

type CancelDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: TCurrentUser;
  plan: Plan;
};

/** Cancelling ends the plan at the end of the period already paid for (SPEC point 4). */
export function CancelDialog({ open, onOpenChange, user, plan }: CancelDialogProps) {
  const { busy, error, run, clearError } = useSubscriptionAction(MESSAGES.cancelSubscriptionFailed);
  const apply = useApplySubscriptionState();
  const endDate = user.subscriptionEndDate ? formatBillingDate(user.subscriptionEndDate) : null;

  const confirm = () =>
    run(async () => {
      const state = await cancelSubscription(user.uid);
      apply(state);
      onOpenChange(false);
      notifySuccess(
        state.subscriptionEndDate
          ? `Subscription will end on ${formatBillingDate(state.subscriptionEndDate)}`
          : "Your subscription is canceled",
      );
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        clearError();
        onOpenChange(next);
      }}
      title={`Cancel your ${plan.name} plan?`}
      description={
        endDate
          ? `You keep ${plan.name} and every token you have until ${endDate}. Nothing more is charged after that.`
          : `You keep ${plan.name} until the end of the period you paid for. Nothing more is charged after that.`
      }
      confirmLabel="Cancel subscription"
      dismissLabel="Keep my plan"
      busy={busy}
      error={error}
      onConfirm={confirm}
    >
      <p className="mt-3 text-sm text-ink-subtle">
        Tokens you bought in packs never lapse. You can reactivate any time before the end date.
      </p>
    </ConfirmDialog>
  );
}
