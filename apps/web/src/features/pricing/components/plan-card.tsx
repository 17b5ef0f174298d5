import { Check, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { cx } from "../../../lib/cx.ts";
import { type Plan, planAllowance } from "../plans.ts";

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

export function PlanCard({ plan }: { plan: Plan }) {
  const featured = plan.mostPopular;
  const allowance = planAllowance(plan);
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        "relative flex flex-col rounded-panel border p-7 sm:p-8",
        featured
          ? "border-ink bg-ink text-white shadow-pop lg:-my-4 lg:py-12"
          : "border-line bg-surface text-ink shadow-card",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-bold tracking-tight">
          {plan.name}
        </h2>
        {featured && (
          <span className="rounded-full bg-accent-500 px-3 py-1 text-xs font-bold text-ink">
            Most popular
          </span>
        )}
      </div>
      <p className={cx("mt-2 text-sm", featured ? "text-white/75" : "text-ink-muted")}>
        {plan.blurb}
      </p>
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="font-display text-5xl font-bold tracking-tight">${plan.priceUsd}</span>
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
      <Link
        to="/login"
        className={cx(
          "mt-7",
          buttonClasses({ variant: featured ? "accent" : "secondary", block: true }),
        )}
      >
        Log in to subscribe
      </Link>
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
