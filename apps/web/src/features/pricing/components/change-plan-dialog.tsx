import {
  formatUsd,
  MESSAGES,
  PLANS,
  type Plan,
  type TCurrentUser,
  type TPaidPlanId,
} from "@backdrop/shared";
import { browserLocation } from "../../../lib/browser-location.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { reactivateSubscription, updateSubscription } from "../api.ts";
import { useApplySubscriptionState } from "../hooks/use-apply-subscription-state.ts";
import { useSubscriptionAction } from "../hooks/use-subscription-action.ts";
import { estimateProration } from "../proration-estimate.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

type ChangePlanDialogProps = {
  /** The plan to change to; the dialog is open while there is one. */
  target: Plan | null;
  onClose: () => void;
  user: TCurrentUser;
};

function signed(value: number, unit: string): string {
  return `${value < 0 ? "−" : "+"}${Math.abs(value)} ${unit}`;
}

/**
 * A change is immediate with a prorated charge and tokens. While canceling, the subscription
 * is reactivated first, then changed, then the page reloads (SPEC point 4).
 */
export function ChangePlanDialog({ target, onClose, user }: ChangePlanDialogProps) {
  const { busy, error, run, clearError } = useSubscriptionAction(MESSAGES.changePlanFailed);
  const apply = useApplySubscriptionState();
  const from = user.subscriptionPlanId === "free" ? null : PLANS[user.subscriptionPlanId];
  const canceling = user.subscriptionStatus === "canceling";
  const estimate =
    from && target && user.subscriptionEndDate
      ? estimateProration(from.id, target.id, user.subscriptionEndDate, Date.now())
      : null;

  const confirm = (planId: TPaidPlanId, name: string) =>
    run(async () => {
      if (canceling) {
        await reactivateSubscription(user.uid, MESSAGES.reactivateSubscriptionFailed);
        await updateSubscription(user.uid, planId);
        browserLocation.reload();
        return;
      }
      apply(await updateSubscription(user.uid, planId));
      onClose();
      notifySuccess(`You are now on the ${name} plan`);
    });

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        clearError();
        onClose();
      }}
      title={target ? `Change to ${target.name}?` : "Change plan"}
      description={
        target
          ? `${target.name} costs ${formatUsd(target.priceCents)}/month with ${target.tokensPerMonth} tokens a month. The change takes effect now and is prorated: the price difference for the rest of this billing period is charged (or credited) now, and this period's tokens are adjusted the same way.`
          : ""
      }
      confirmLabel={target ? `Change to ${target.name}` : "Change plan"}
      dismissLabel="Keep my plan"
      busy={busy}
      error={error}
      onConfirm={() => target && confirm(target.id, target.name)}
    >
      {estimate && (
        <div className="mt-4 rounded-2xl bg-sunken px-4 py-3.5 text-sm">
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
            <dt className="text-ink-muted">
              {estimate.chargeCents >= 0 ? "Charged now, about" : "Credited now, about"}
            </dt>
            <dd className="text-right font-semibold text-ink tabular-nums">
              {formatUsd(Math.abs(estimate.chargeCents))}
            </dd>
            <dt className="text-ink-muted">Tokens this period, about</dt>
            <dd className="text-right font-semibold text-ink tabular-nums">
              {signed(estimate.tokens, "tokens")}
            </dd>
          </dl>
          <p className="mt-2 text-xs text-ink-subtle">
            For the {estimate.daysLeft} {estimate.daysLeft === 1 ? "day" : "days"} left in this
            period; then {target ? formatUsd(target.priceCents) : ""} each month.
          </p>
        </div>
      )}
      {canceling && (
        <p className="mt-3 text-sm text-ink-subtle">
          Your subscription is set to end. Changing plan keeps it running, so it will renew.
        </p>
      )}
    </ConfirmDialog>
  );
}
