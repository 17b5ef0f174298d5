import { PLAN_LIST, PLANS, type Plan, subscriptionDisplay } from "@backdrop/shared";
import { useState } from "react";
import { useSession } from "../../auth/index.ts";
import { createPortalSession, createSubscription } from "../api.ts";
import { useCheckoutRedirect } from "../hooks/use-checkout-redirect.ts";
import { CancelDialog } from "./cancel-dialog.tsx";
import { ChangePlanDialog } from "./change-plan-dialog.tsx";
import { PlanActions } from "./plan-actions.tsx";
import { PlanCard } from "./plan-card.tsx";
import { ReactivateDialog } from "./reactivate-dialog.tsx";

type OpenDialog = "cancel" | "reactivate" | null;

/** The three plan cards and the subscription modals they open. */
export function PricingPlans() {
  const { userLoggedIn, user } = useSession();
  const { pending, start } = useCheckoutRedirect();
  const [changeTo, setChangeTo] = useState<Plan | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const now = Date.now();
  const currentPlan =
    user && user.subscriptionPlanId !== "free" ? PLANS[user.subscriptionPlanId] : null;

  return (
    <>
      <div className="mt-14 grid items-stretch gap-6 lg:mt-16 lg:grid-cols-3 lg:items-center">
        {PLAN_LIST.map((plan) => {
          const display = subscriptionDisplay(user, plan.id, now);
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              display={display}
              actions={
                <PlanActions
                  plan={plan}
                  display={display}
                  loggedIn={userLoggedIn}
                  canceling={user?.subscriptionStatus === "canceling"}
                  pending={pending}
                  detailsLoading={userLoggedIn && !user}
                  onSubscribe={() =>
                    user &&
                    start(`subscribe-${plan.id}`, () => createSubscription(user.uid, plan.id))
                  }
                  onManage={() => user && start("portal", () => createPortalSession(user.uid))}
                  onChangePlan={() => setChangeTo(plan)}
                  onCancel={() => setDialog("cancel")}
                  onReactivate={() => setDialog("reactivate")}
                />
              }
            />
          );
        })}
      </div>
      {user && currentPlan && (
        <>
          <ChangePlanDialog target={changeTo} onClose={() => setChangeTo(null)} user={user} />
          <CancelDialog
            open={dialog === "cancel"}
            onOpenChange={(open) => setDialog(open ? "cancel" : null)}
            user={user}
            plan={currentPlan}
          />
          <ReactivateDialog
            open={dialog === "reactivate"}
            onOpenChange={(open) => setDialog(open ? "reactivate" : null)}
            user={user}
            plan={currentPlan}
          />
        </>
      )}
    </>
  );
}
