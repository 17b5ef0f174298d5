import { formatBillingDate, formatUsd, PLANS, type TPaidPlanId } from "@backdrop/shared";
import { escapeHtml } from "../../lib/html.ts";
import type { SandboxSubscription } from "../../repositories/sandbox-payments.repository.ts";
import type { CheckoutSession, PlanChangeQuote } from "../payment-provider.ts";

/** The app's tokens (apps/web/src/styles.css): warm paper, ink, persimmon. */
const STYLES = `
*{box-sizing:border-box}
body{margin:0;background:#faf8f5;color:#17140f;font:16px/1.5 "Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif}
.banner{background:#c2410c;color:#fff;text-align:center;font-weight:700;letter-spacing:.06em;padding:.5rem 1rem;font-size:.875rem}
main{max-width:32rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e6e1d9;border-radius:1.25rem;padding:1.5rem;box-shadow:0 1px 2px rgb(23 20 15/.04),0 10px 30px -14px rgb(23 20 15/.14);margin-bottom:1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.125rem;margin:0 0 .75rem}
p{margin:.25rem 0 .75rem;color:#5e574d}
.price{font-size:2rem;font-weight:700;color:#17140f;margin:.5rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#5e574d}dd{margin:0;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
form{margin:0}
button,.link{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.625rem 1.25rem;border-radius:999px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.primary{background:#17140f;color:#fff;border:1px solid #17140f}
.secondary{background:#fff;color:#17140f;border:1px solid #d5cec3}
button:focus-visible,.link:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
.plan{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.75rem;padding:.75rem 0;border-top:1px solid #e6e1d9}
.note{font-size:.875rem;color:#736b5f}
.error{background:#fef3f2;color:#b42318;border-radius:.75rem;padding:.75rem 1rem}
`;

/**
 * The server's no-referrer policy makes browsers send `Origin: null` with these forms, which
 * the origin guard refuses; same-origin lets the page's own origin through.
 */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · Backdrop sandbox</title><style>${STYLES}</style></head>
<body><div class="banner" role="note">TEST MODE · sandbox payments, no card is charged</div>
<main>${body}</main></body></html>`;
}

function button(action: string, label: string, kind: "primary" | "secondary" = "primary") {
  return `<form method="post" action="${escapeHtml(action)}"><button class="${kind}" type="submit">${escapeHtml(label)}</button></form>`;
}

export function messagePage(title: string, message: string, backUrl: string): string {
  return page(
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<a class="link secondary" href="${escapeHtml(backUrl)}">Back to Backdrop</a></div>`,
  );
}

function purchaseOf(session: CheckoutSession): { name: string; detail: string } {
  if (session.kind === "subscription" && session.planId) {
    const plan = PLANS[session.planId];
    return {
      name: `${plan.name} plan`,
      detail: `${plan.tokensPerMonth} tokens every month, renews monthly until canceled`,
    };
  }
  return {
    name: `${session.tokenCount ?? 0} tokens`,
    detail: "One-time token pack; tokens never lapse",
  };
}

export function checkoutPage(session: CheckoutSession): string {
  const { name, detail } = purchaseOf(session);
  const base = `/sandbox/checkout/${encodeURIComponent(session.sessionId)}`;
  const price = `${formatUsd(session.amountCents)}${session.kind === "subscription" ? " / month" : ""}`;
  return page(
    "Checkout",
    `<div class="card"><p>Backdrop</p><h1>${escapeHtml(name)}</h1><p>${escapeHtml(detail)}</p>
<div class="price">${escapeHtml(price)}</div>
<div class="actions">${button(`${base}/pay`, `Pay ${formatUsd(session.amountCents)}`)}${button(`${base}/cancel`, "Cancel", "secondary")}</div>
<p class="note">This is the sandbox payment provider: Pay completes the purchase as a real payment would.</p></div>`,
  );
}

export type PortalView = {
  portalId: string;
  subscription: SandboxSubscription | undefined;
  /** What changing to each other plan would do now. */
  quotes: PlanChangeQuote[];
  backUrl: string;
  error?: string;
};

function planChoices(view: PortalView, base: string): string {
  return view.quotes
    .map((quote) => {
      const plan = PLANS[quote.planId];
      const money = quote.chargeCents > 0 ? `${formatUsd(quote.chargeCents)} now` : "No charge now";
      const tokens =
        quote.tokens > 0 ? `+${quote.tokens} tokens this period` : "this period's tokens unchanged";
      return `<div class="plan"><div><strong>${escapeHtml(plan.name)}</strong> · ${formatUsd(plan.priceCents)}/month from the next renewal<br><span class="note">${escapeHtml(`${money}, ${tokens}`)}</span></div>
<form method="post" action="${base}/change-plan"><input type="hidden" name="planId" value="${plan.id}"><button class="secondary" type="submit">Switch to ${escapeHtml(plan.name)}</button></form></div>`;
    })
    .join("");
}

export function portalPage(view: PortalView): string {
  const base = `/sandbox/portal/${encodeURIComponent(view.portalId)}`;
  const back = `<a class="link secondary" href="${escapeHtml(view.backUrl)}">Back to Backdrop</a>`;
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : "";
  const current = view.subscription;
  if (!current) {
    return page(
      "Billing",
      `<div class="card"><h1>Billing</h1>${error}<p>You have no running subscription.</p>${back}</div>`,
    );
  }
  const plan = PLANS[current.planId as TPaidPlanId];
  const date = formatBillingDate(new Date(current.periodEnd).toISOString());
  const status = current.cancelAtPeriodEnd ? "Canceling" : "Active";
  const toggle = current.cancelAtPeriodEnd
    ? button(`${base}/reactivate`, "Reactivate subscription")
    : button(`${base}/cancel`, "Cancel subscription", "secondary");
  return page(
    "Billing",
    `<div class="card"><h1>Billing</h1>${error}
<dl><dt>Plan</dt><dd>${escapeHtml(plan?.name ?? current.planId)} · ${formatUsd(plan?.priceCents ?? 0)}/month</dd>
<dt>Status</dt><dd>${status}</dd>
<dt>${current.cancelAtPeriodEnd ? "Ends on" : "Renews on"}</dt><dd>${escapeHtml(date)}</dd></dl>
<div class="actions">${toggle}${back}</div></div>
<div class="card"><h2>Change plan</h2><p class="note">Takes effect now. A plan above the one this period is paid at costs the difference for the rest of the period and adds its tokens; any other change costs and credits nothing and keeps this period's tokens.</p>${planChoices(view, base)}</div>
<div class="card"><h2>Sandbox clock</h2><p class="note">Ends the current period now: an active subscription renews and gets its monthly tokens; a canceling one ends.</p>
${button(`${base}/end-period`, "End current period now", "secondary")}</div>`,
  );
}
