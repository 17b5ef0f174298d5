import {
  formatBillingDate,
  formatUsd,
  MESSAGES,
  PLANS,
  type Plan,
  type TCurrentUser,
  type TPaidPlanId,
  type TPlanChangeQuoteResponse,
} from "@backdrop/shared";
import { useQuery } from "@tanstack/react-query";
import { browserLocation } from "../../../lib/browser-location.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { fetchPlanChangeQuote, updateSubscription } from "../api.ts";
import { useApplySubscriptionState } from "../hooks/use-apply-subscription-state.ts";
import { useSubscriptionAction } from "../hooks/use-subscription-action.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

type ChangePlanDialogProps = {
  /** The plan to change to; the dialog is open while there is one. */
  target: Plan | null;
  onClose: () => void;
  user: TCurrentUser;
};

/** The server's figures for the change, worded for the person about to confirm it. */
function QuoteFigures({ quote, target }: { quote: TPlanChangeQuoteResponse; target: Plan }) {
  const renewal = quote.renewalDate ? formatBillingDate(quote.renewalDate) : "the next renewal";
  const paid = PLANS[quote.paidPlanId];
  const moveUp = quote.chargeCents > 0;
  return (
    <div className="mt-4 rounded-2xl bg-sunken px-4 py-3.5 text-sm" data-testid="plan-change-quote">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
        <dt className="text-ink-muted">Charged now</dt>
        <dd className="text-right font-semibold text-ink tabular-nums">
          {moveUp ? formatUsd(quote.chargeCents) : "Nothing"}
        </dd>
        <dt className="text-ink-muted">Tokens added now</dt>
        <dd className="text-right font-semibold text-ink tabular-nums">
          {quote.tokens > 0 ? `+${quote.tokens}` : "None"}
        </dd>
      </dl>
      <p className="mt-2.5 border-t border-line pt-2.5 text-ink">
        From {renewal}: {formatUsd(target.priceCents)}/month with {target.tokensPerMonth} tokens.
      </p>
      <p className="mt-1.5 text-xs text-ink-subtle">
        {moveUp
          ? `The difference from ${paid.name}, which this period is paid at, for the rest of the period.`
          : `This period is already paid at ${paid.name}: you keep its tokens, and nothing is charged or credited.`}
      </p>
    </div>
  );
}

/**
 * A change is immediate. The dialog shows the server's own figures for it (what is charged
 * now, the tokens added, the price from the renewal) and confirms at exactly those figures.
 * While canceling, the one call reactivates the subscription first, then changes it (the
 * server's rule), and the page then reloads (SPEC point 4).
 */
export function ChangePlanDialog({ target, onClose, user }: ChangePlanDialogProps) {
  const { busy, error, run, clearError } = useSubscriptionAction(MESSAGES.changePlanFailed);
  const apply = useApplySubscriptionState();
  const canceling = user.subscriptionStatus === "canceling";
  const quote = useQuery({
    queryKey: ["plan-change-quote", target?.id],
    queryFn: () => fetchPlanChangeQuote(target?.id as TPaidPlanId),
    enabled: target !== null,
    // A quote holds for a while; a fresh one each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });

  const confirm = (planId: TPaidPlanId, name: string) =>
    run(async () => {
      const changed = await updateSubscription(user.uid, planId, quote.data?.quotedAt);
      if (canceling) {
        browserLocation.reload();
        return;
      }
      apply(changed);
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
          ? `${target.name} costs ${formatUsd(target.priceCents)}/month with ${target.tokensPerMonth} tokens a month. The change takes effect now.`
          : ""
      }
      confirmLabel={target ? `Change to ${target.name}` : "Change plan"}
      dismissLabel="Keep my plan"
      busy={busy}
      confirmDisabled={quote.isPending}
      error={error}
      onConfirm={() => target && confirm(target.id, target.name)}
    >
      {target && quote.isPending && (
        <p className="mt-4 rounded-2xl bg-sunken px-4 py-3.5 text-sm text-ink-muted" role="status">
          Working out what this change costs…
        </p>
      )}
      {target && quote.data && <QuoteFigures quote={quote.data} target={target} />}
      {target && quote.isError && (
        <p className="mt-4 rounded-2xl bg-sunken px-4 py-3.5 text-sm text-ink-muted" role="status">
          {quote.error.message} You can still change plan: moving up is charged the difference for
          the rest of the period; any other change is free.
        </p>
      )}
      {canceling && (
        <p className="mt-3 text-sm text-ink-subtle">
          Your subscription is set to end. Changing plan keeps it running, so it will renew.
        </p>
      )}
    </ConfirmDialog>
  );
}
