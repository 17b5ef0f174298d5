/** Authorisation rows: the payment API and the sandbox's checkout and portal pages. */
import * as A from "../lib/actors.ts";
import { balances } from "../lib/db.ts";
import { ALL_401, form, packSession, post, type Row, uidFor } from "./world.ts";

/** The owner's pages and sessions: nobody else may see them. */
const OWNERS = { ...ALL_401, free: 404, other: 404 } as const;
/** Calls on one's subscription: the free user has none, another user's uid is refused. */
const SUBSCRIPTION = { ...ALL_401, free: 409, other: 403, owner: 200 } as const;

/** A POST of `{ uid, ...extra }` with the caller's uid. */
const withUid =
  (route: string, extra: Record<string, unknown> = {}): Row["call"] =>
  (c, u, w) =>
    post(w, route, { uid: uidFor(c, w), ...extra }, u);

/** A form POST to the owner's portal. */
const portal =
  (action: string, body = ""): Row["call"] =>
  (_c, u, w) =>
    form(w, `/sandbox/portal/${w.portalId}/${action}`, body, u);

export function paymentRows(): Row[] {
  return [
    {
      name: "POST /api/payment/create-subscription",
      expect: { ...ALL_401, free: 200, other: 403, owner: 409 },
      call: withUid("/api/payment/create-subscription", { planId: "starter" }),
    },
    {
      name: "POST /api/payment/create-portal-session",
      expect: SUBSCRIPTION,
      call: withUid("/api/payment/create-portal-session"),
    },
    {
      name: "GET /api/payment/plan-change-quote (own subscription only)",
      expect: { ...ALL_401, free: 409, other: 200, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, "/api/payment/plan-change-quote?newPlanId=elite", u),
      verify: (a, c) => {
        if (a.status !== 200) return true;
        const quote = a.json as { paidPlanId: string };
        return quote.paidPlanId === "pro" ? true : `${c} quote from ${quote.paidPlanId}`;
      },
    },
    {
      name: "POST /api/payment/cancel-subscription",
      expect: SUBSCRIPTION,
      call: withUid("/api/payment/cancel-subscription"),
    },
    {
      name: "POST /api/payment/reactivate-subscription",
      expect: SUBSCRIPTION,
      call: withUid("/api/payment/reactivate-subscription"),
    },
    {
      name: "POST /api/payment/update-subscription",
      expect: SUBSCRIPTION,
      call: withUid("/api/payment/update-subscription", { newPlanId: "elite" }),
      verify: async (_a, c, w) => {
        if (c !== "other") return true;
        const row = await A.get(w.inst, `/api/auth/get-user-by-uid?uid=${w.owner.id}`, w.owner);
        const plan = (row.json as { subscriptionPlanId?: string } | undefined)?.subscriptionPlanId;
        return plan === "pro" ? true : `owner's plan became ${plan}`;
      },
    },
    {
      name: "POST /api/payment/create-checkout-session",
      expect: { ...ALL_401, free: 403, other: 403, owner: 200 },
      call: withUid("/api/payment/create-checkout-session", { tokenCount: 100, amount: 9 }),
    },
    {
      name: "GET /api/payment/session/:id (owner's checkout)",
      expect: { ...OWNERS, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, `/api/payment/session/${w.subscriptionSession}`, u),
    },
    {
      name: "POST /api/payment/webhook (sandbox: no Stripe)",
      expect: { visitor: 404, owner: 404 },
      call: (_c, u, w) => post(w, "/api/payment/webhook", { id: "evt_1", type: "invoice.paid" }, u),
    },
    {
      name: "GET /sandbox/checkout/:id",
      expect: { ...OWNERS, owner: 200 },
      call: async (_c, u, w) => A.get(w.inst, `/sandbox/checkout/${w.subscriptionSession}`, u),
    },
    {
      name: "POST /sandbox/checkout/:id/pay (owner's open pack checkout)",
      expect: { ...OWNERS, owner: 303 },
      call: async (_c, u, w) => form(w, `/sandbox/checkout/${await packSession(w)}/pay`, "", u),
      verify: async (a, c, w) => {
        const bought = (await balances(w.inst, w.owner.id)).numOfTokens;
        const want = c === "owner" && a.status === 303 ? 100 : 0;
        return bought === want ? true : `owner's bought tokens ${bought}, expected ${want}`;
      },
    },
    {
      name: "POST /sandbox/checkout/:id/cancel (owner's open pack checkout)",
      expect: { ...OWNERS, owner: 303 },
      call: async (_c, u, w) =>
        form(w, `/sandbox/checkout/${await packSession(w, "cancel")}/cancel`, "", u),
    },
    {
      name: "GET /sandbox/portal/:id",
      expect: { ...OWNERS, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, `/sandbox/portal/${w.portalId}`, u),
    },
    {
      name: "POST /sandbox/portal/:id/cancel",
      expect: { ...OWNERS, owner: 303 },
      call: portal("cancel"),
    },
    {
      name: "POST /sandbox/portal/:id/reactivate",
      expect: { ...OWNERS, owner: 303 },
      call: portal("reactivate"),
    },
    {
      name: "POST /sandbox/portal/:id/change-plan",
      expect: { ...OWNERS, owner: 303 },
      call: portal("change-plan", "planId=pro"),
    },
    {
      name: "POST /sandbox/portal/:id/end-period",
      expect: { ...OWNERS, owner: 303 },
      call: portal("end-period"),
    },
  ];
}
