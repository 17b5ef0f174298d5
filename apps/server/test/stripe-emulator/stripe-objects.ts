import { randomBytes } from "node:crypto";

/** Stripe-like ids: a prefix and random letters, e.g. `sub_3Fx…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** One calendar month later, in Unix seconds, as Stripe bills monthly prices. */
export function monthAfter(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export type Json = Record<string, unknown>;

export type SubscriptionItem = {
  id: string;
  object: "subscription_item";
  price: { id: string; object: "price"; unit_amount: number };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
};

export type Subscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  metadata: Record<string, string>;
  pending_update: null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; url: string };
};

export function list<T>(data: T[], url: string) {
  return { object: "list" as const, data, has_more: false as const, url };
}

export function invoiceLine(
  subscription: Subscription,
  priceId: string,
  amount: number,
  period: { start: number; end: number },
  proration: boolean,
) {
  return {
    id: newId("il"),
    object: "line_item",
    amount,
    currency: "usd",
    period,
    pricing: { type: "price_details", price_details: { price: priceId, product: "prod_x" } },
    parent: {
      type: "subscription_item_details",
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: null,
        subscription: subscription.id,
        subscription_item: subscription.items.data[0]?.id,
      },
    },
  };
}

export type InvoiceLine = ReturnType<typeof invoiceLine>;

export function invoice(
  subscription: Subscription,
  billingReason: string,
  lines: InvoiceLine[],
  created: number,
) {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const id = newId("in");
  return {
    id,
    object: "invoice",
    customer: subscription.customer,
    billing_reason: billingReason,
    status: "paid",
    created,
    currency: "usd",
    total,
    amount_paid: Math.max(0, total),
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: {
        subscription: subscription.id,
        metadata: { ...subscription.metadata },
      },
    },
    lines: list(lines, `/v1/invoices/${id}/lines`),
  };
}
