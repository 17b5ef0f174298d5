import type { Plan, PlanCardDisplay } from "@backdrop/shared";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { cx } from "../../../lib/cx.ts";

type PlanActionsProps = {
  plan: Plan;
  display: PlanCardDisplay;
  loggedIn: boolean;
  canceling: boolean;
  pending: string | null;
  /** Signed in, but the account's details (whose uid checkout needs) are still on their way. */
  detailsLoading: boolean;
  onSubscribe: () => void;
  onManage: () => void;
  onChangePlan: () => void;
  onCancel: () => void;
  onReactivate: () => void;
};

/** The buttons of one plan card, by the rules of SPEC point 4 "Subscription display". */
export function PlanActions({
  plan,
  display,
  loggedIn,
  canceling,
  pending,
  detailsLoading,
  onSubscribe,
  onManage,
  onChangePlan,
  onCancel,
  onReactivate,
}: PlanActionsProps) {
  const featured = plan.mostPopular;
  const main = featured ? "accent" : "secondary";
  const quiet = cx(
    "h-9 rounded-full text-sm font-semibold underline-offset-4 hover:underline disabled:opacity-55",
    featured ? "text-white/85" : "text-ink-muted",
  );

  if (display.action === "manage") {
    if (!display.canManage) return null;
    return (
      <>
        <Button
          variant={main}
          block
          loading={pending === "portal"}
          disabled={pending !== null}
          onClick={onManage}
        >
          Manage Subscription
        </Button>
        {canceling ? (
          <button type="button" className={quiet} onClick={onReactivate}>
            Reactivate
          </button>
        ) : (
          <button type="button" className={quiet} onClick={onCancel}>
            Cancel subscription
          </button>
        )}
      </>
    );
  }

  if (display.action === "change-plan") {
    return (
      <Button variant={main} block onClick={onChangePlan} disabled={pending !== null}>
        Change Plan
      </Button>
    );
  }

  if (!loggedIn) {
    return (
      <Link to="/login?next=/pricing" className={buttonClasses({ variant: main, block: true })}>
        Subscribe
      </Link>
    );
  }
  return (
    <Button
      variant={main}
      block
      loading={pending === `subscribe-${plan.id}`}
      disabled={pending !== null || detailsLoading}
      onClick={onSubscribe}
    >
      Subscribe
    </Button>
  );
}
