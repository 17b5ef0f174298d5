import { formatUsd, type Plan, type PlanCardDisplay, planAllowance } from "@backdrop/shared";
import { Check, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "../../../lib/cx.ts";
import { PLAN_BLURBS } from "../plan-copy.ts";

function Feature({ included, children }: { included: boolean; children: ReactNode }) {
  return (
    <li className={cx("flex gap-3", !included && "opacity-70")}>
      {included ? (
        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-500" />
      ) : (
        <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      )}
      <span>
        {!included && <span className="sr-only">Not included: </span>}
        {children}
      </span>
    </li>
  );
}

type PlanCardProps = {
  plan: Plan;
  display: PlanCardDisplay;
  /** The card's buttons, which depend on who is looking (SPEC point 4). */
  actions: ReactNode;
};

export function PlanCard({ plan, display, actions }: PlanCardProps) {
  const featured = plan.mostPopular;
  const allowance = planAllowance(plan);
  const titleId = `plan-${plan.id}`;
  const current = display.action === "manage";
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      className={cx(
        "relative flex flex-col rounded-panel border p-7 sm:p-8",
        featured
          ? "border-ink bg-ink text-white shadow-pop lg:-my-4 lg:py-12"
          : "bg-surface text-ink shadow-card",
        !featured && (current ? "border-accent-500 ring-1 ring-accent-500" : "border-line"),
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-bold tracking-tight">
          {plan.name}
        </h2>
        <div className="flex flex-wrap gap-2">
          {display.label && (
            <span
              className={cx(
                "rounded-full border px-3 py-1 text-xs font-bold",
                display.label === "Active"
                  ? "border-success-600/30 bg-success-50 text-success-600"
                  : "border-line-strong bg-sunken text-ink-muted",
              )}
            >
              {display.label}
            </span>
          )}
          {featured && (
            <span className="rounded-full bg-accent-500 px-3 py-1 text-xs font-bold text-ink">
              Most popular
            </span>
          )}
        </div>
      </div>
      <p className={cx("mt-2 text-sm", featured ? "text-white/75" : "text-ink-muted")}>
        {PLAN_BLURBS[plan.id]}
      </p>
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="font-display text-5xl font-bold tracking-tight">
          {formatUsd(plan.priceCents)}
        </span>
        <span className={cx("text-sm font-medium", featured ? "text-white/75" : "text-ink-muted")}>
          /month
        </span>
      </p>
      <p
        className={cx(
          "mt-1 text-sm font-semibold",
          featured ? "text-accent-300" : "text-accent-600",
        )}
      >
        {plan.tokensPerMonth} tokens every month
      </p>
      {display.notice && (
        <p
          className={cx(
            "mt-5 rounded-xl px-3.5 py-2.5 text-sm font-medium",
            featured ? "bg-white/10 text-white" : "bg-sunken text-ink",
          )}
        >
          {display.notice}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2">{actions}</div>
      <ul
        className={cx(
          "mt-8 flex flex-col gap-3 border-t pt-7 text-sm",
          featured ? "border-white/15 text-white/90" : "border-line text-ink-soft",
        )}
      >
        <Feature included>Up to {allowance.images} product images at 1 MP</Feature>
        <Feature included>Up to {allowance.upscales} upscales at 2x</Feature>
        <Feature included={plan.aiEdits}>
          {plan.aiEdits ? `Up to ${allowance.aiEdits} AI edits` : "AI edits"}
        </Feature>
        <Feature included={plan.tokenTopUp}>Extra token top-ups</Feature>
        <Feature included={plan.refundOnFailure}>Tokens refunded on failed generations</Feature>
        <Feature included>
          {plan.licence === "commercial" ? "Commercial licence" : "Personal licence"}
        </Feature>
      </ul>
    </article>
  );
}
