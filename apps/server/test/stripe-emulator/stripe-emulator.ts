import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { parseFormBody } from "./form-body.ts";
import {
  type InvoiceLine,
  invoice,
  invoiceLine,
  type Json,
  list,
  monthAfter,
  newId,
  type Subscription,
} from "./stripe-objects.ts";

// biome-ignore lint/suspicious/noExplicitAny: a parsed form body is loose nested strings, read as Stripe reads it.
type Params = Record<string, any>;
type Answer = { status: number; body: unknown };
export type RecordedRequest = {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
};
export type EmulatedEvent = { id: string; type: string; created: number; data: Json } & Json;

const missing = (what: string, id: string): Answer => ({
  status: 404,
  body: {
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${what}: '${id}'`,
      param: "id",
    },
  },
});
const invalid = (message: string): Answer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message } },
});

/**
 * The part of Stripe's HTTP API that Backdrop calls, in memory on 127.0.0.1, for the real
 * SDK to talk to. State changes queue the webhook events Stripe would send; tests take them.
 */
export function createStripeEmulator(options: { prices: Record<string, number>; now(): number }) {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json & { internal: Params }>();
  const subscriptions = new Map<string, Subscription>();
  const replies = new Map<string, Answer>();
  /** Each customer's balance in cents: negative is a credit the next invoices use first. */
  const balances = new Map<string, number>();
  /** What each customer's card was charged, in cents: invoices after credits, and packs. */
  const cardCharges = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  let pending: EmulatedEvent[] = [];
  const seconds = () => Math.floor(options.now() / 1000);
  const copy = <T>(value: T): T => structuredClone(value);

  function emit(type: string, object: unknown, previous?: Json) {
    pending.push({
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: seconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: copy(object), ...(previous ? { previous_attributes: previous } : {}) },
    });
  }

  function chargeCard(customer: string, cents: number) {
    cardCharges.set(customer, (cardCharges.get(customer) ?? 0) + cents);
  }

  /**
   * A subscription invoice, paid at once as Stripe does with a card on file: a credit on the
   * balance pays first, the card the rest; a negative total becomes a credit.
   */
  function bill(subscription: Subscription, reason: string, lines: InvoiceLine[]) {
    const paid = invoice(subscription, reason, lines, seconds());
    const customer = subscription.customer;
    const balance = balances.get(customer) ?? 0;
    if (paid.total < 0) {
      balances.set(customer, balance + paid.total);
      paid.amount_paid = 0;
    } else {
      const fromCredit = Math.min(-Math.min(balance, 0), paid.total);
      balances.set(customer, balance + fromCredit);
      paid.amount_paid = paid.total - fromCredit;
      chargeCard(customer, paid.amount_paid);
    }
    return paid;
  }

  function priceObject(id: string) {
    return { id, object: "price" as const, unit_amount: options.prices[id] ?? 0 };
  }

  function createSession(params: Params): Answer {
    const price = params.line_items?.[0]?.price;
    if (!(price in options.prices)) return invalid(`No such price: '${price}'`);
    if (!customers.has(params.customer)) return missing("customer", params.customer);
    const id = newId(params.mode === "subscription" ? "cs_test_a" : "cs_test_b");
    const session = {
      id,
      object: "checkout.session",
      mode: params.mode,
      status: "open",
      payment_status: "unpaid",
      customer: params.customer,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      amount_total: options.prices[price],
      currency: "usd",
      subscription: null as string | null,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      internal: { price, subscriptionMetadata: params.subscription_data?.metadata ?? {} },
    };
    sessions.set(id, session);
    return { status: 200, body: publicSession(session) };
  }

  function publicSession({ internal: _internal, ...session }: Json & { internal: Params }) {
    return session;
  }

  function prorate(subscription: Subscription, newPrice: string, prorationDate: number) {
    const item = subscription.items.data[0];
    if (!item) return;
    const { current_period_start: start, current_period_end: end } = item;
    const fraction = (end - prorationDate) / (end - start);
    const period = { start: prorationDate, end };
    const oldPrice = item.price.id;
    item.price = priceObject(newPrice);
    const lines = [
      invoiceLine(
        subscription,
        oldPrice,
        -Math.round((options.prices[oldPrice] ?? 0) * fraction),
        period,
        true,
      ),
      invoiceLine(
        subscription,
        newPrice,
        Math.round((options.prices[newPrice] ?? 0) * fraction),
        period,
        true,
      ),
    ];
    return bill(subscription, "subscription_update", lines);
  }

  function updateSubscription(id: string, params: Params): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return missing("subscription", id);
    const before = copy(subscription);
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
    }
    if (params.cancel_at !== undefined) {
      subscription.cancel_at = params.cancel_at === "" ? null : Number(params.cancel_at);
    }
    subscription.metadata = { ...subscription.metadata, ...(params.metadata ?? {}) };
    const newPrice = params.items?.[0]?.price;
    let paid: ReturnType<typeof invoice> | undefined;
    const item = subscription.items.data[0];
    if (newPrice && item && newPrice !== item.price.id) {
      if (!(newPrice in options.prices)) return invalid(`No such price: '${newPrice}'`);
      if (params.proration_behavior === "none") item.price = priceObject(newPrice);
      else paid = prorate(subscription, newPrice, Number(params.proration_date ?? seconds()));
    }
    const previous: Json = {};
    for (const key of Object.keys(before) as (keyof Subscription)[]) {
      if (JSON.stringify(before[key]) !== JSON.stringify(subscription[key])) {
        previous[key] = before[key];
      }
    }
    emit("customer.subscription.updated", subscription, previous);
    if (paid) emit("invoice.paid", paid);
    return { status: 200, body: subscription };
  }

  const found = (what: string, id: string, object: unknown): Answer =>
    object ? { status: 200, body: object } : missing(what, id);

  function createCustomer(params: Params): Answer {
    const customer = {
      id: newId("cus"),
      object: "customer",
      email: params.email ?? null,
      metadata: params.metadata ?? {},
      created: seconds(),
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  function createPortal(params: Params): Answer {
    if (!customers.has(params.customer)) return missing("customer", params.customer);
    const id = newId("bps");
    return {
      status: 200,
      body: {
        id,
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      },
    };
  }

  const routes: [string, RegExp, (id: string, params: Params) => Answer][] = [
    ["POST", /^\/v1\/customers$/, (_, params) => createCustomer(params)],
    ["GET", /^\/v1\/customers\/([^/]+)$/, (id) => found("customer", id, customers.get(id))],
    ["POST", /^\/v1\/checkout\/sessions$/, (_, params) => createSession(params)],
    [
      "GET",
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (id) => {
        const session = sessions.get(id);
        return found("checkout.session", id, session && publicSession(session));
      },
    ],
    ["POST", /^\/v1\/billing_portal\/sessions$/, (_, params) => createPortal(params)],
    [
      "GET",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (id) => found("subscription", id, subscriptions.get(id)),
    ],
    ["POST", /^\/v1\/subscriptions\/([^/]+)$/, (id, params) => updateSubscription(id, params)],
  ];

  function route(method: string, path: string, params: Params): Answer {
    for (const [verb, pattern, answer] of routes) {
      const match = verb === method ? pattern.exec(path) : null;
      if (match) return answer(decodeURIComponent(match[1] ?? ""), params);
    }
    return missing("path", path);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const params = method === "POST" ? parseFormBody(raw) : parseFormBody(url.search.slice(1));
    const header = req.headers["idempotency-key"];
    const idempotencyKey = typeof header === "string" ? header : undefined;
    requests.push({ method, path: url.pathname, params, idempotencyKey });
    const stored = idempotencyKey ? replies.get(`${method} ${idempotencyKey}`) : undefined;
    const answer = stored ?? route(method, url.pathname, params);
    if (idempotencyKey && method === "POST" && !stored)
      replies.set(`${method} ${idempotencyKey}`, answer);
    res.writeHead(answer.status, {
      "content-type": "application/json",
      "request-id": newId("req"),
    });
    res.end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });

  return {
    requests,
    async start(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** The real SDK, pointed at this emulator. */
    client(): Stripe {
      const { port } = server.address() as AddressInfo;
      return new Stripe("sk_test_emulator", {
        host: "127.0.0.1",
        port,
        protocol: "http",
        maxNetworkRetries: 0,
      });
    },
    /** Webhook events queued since the last call, oldest first. */
    takeEvents(): EmulatedEvent[] {
      const taken = pending;
      pending = [];
      return taken;
    },
    subscription: (id: string) => subscriptions.get(id),
    /** What the customer's card was charged in all, in cents. */
    cardChargesOf: (customer: string) => cardCharges.get(customer) ?? 0,
    /** The customer's balance in cents; negative is credit. */
    balanceOf: (customer: string) => balances.get(customer) ?? 0,

    /**
     * The customer pays on the hosted page: what Stripe creates and the events it sends. With
     * `payment: "delayed"` (a one-time payment by bank debit or transfer) the session completes
     * unpaid and the money arrives later, through `settleDelayedPayment`.
     */
    completeCheckout(
      sessionId: string,
      { payment = "card" }: { payment?: "card" | "delayed" } = {},
    ): EmulatedEvent[] {
      const session = sessions.get(sessionId);
      if (session?.status !== "open") throw new Error(`No open session ${sessionId}`);
      if (payment === "delayed" && session.mode === "subscription") {
        throw new Error("The emulator delays one-time payments only");
      }
      session.status = "complete";
      session.payment_status = payment === "delayed" ? "unpaid" : "paid";
      if (session.mode === "subscription") {
        const now = seconds();
        const id = newId("sub");
        const subscription: Subscription = {
          id,
          object: "subscription",
          customer: String(session.customer),
          status: "active",
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          created: now,
          metadata: { ...session.internal.subscriptionMetadata },
          pending_update: null,
          items: list(
            [
              {
                id: newId("si"),
                object: "subscription_item" as const,
                price: priceObject(session.internal.price),
                quantity: 1,
                current_period_start: now,
                current_period_end: monthAfter(now),
              },
            ],
            `/v1/subscription_items?subscription=${id}`,
          ),
        };
        subscriptions.set(id, subscription);
        session.subscription = id;
        const item = subscription.items.data[0];
        const period = { start: now, end: item?.current_period_end ?? now };
        const line = invoiceLine(
          subscription,
          session.internal.price,
          Number(session.amount_total),
          period,
          false,
        );
        emit("checkout.session.completed", publicSession(session));
        emit("customer.subscription.created", subscription);
        emit("invoice.paid", bill(subscription, "subscription_create", [line]));
      } else if (payment === "delayed") {
        emit("checkout.session.completed", publicSession(session));
        emit("payment_intent.processing", { id: newId("pi"), object: "payment_intent" });
      } else {
        chargeCard(String(session.customer), Number(session.amount_total));
        emit("checkout.session.completed", publicSession(session));
        emit("payment_intent.succeeded", { id: newId("pi"), object: "payment_intent" });
      }
      return this.takeEvents();
    },

    /** The delayed payment of a completed, unpaid checkout succeeds or fails, days later. */
    settleDelayedPayment(sessionId: string, outcome: "succeeded" | "failed"): EmulatedEvent[] {
      const session = sessions.get(sessionId);
      if (session?.status !== "complete" || session.payment_status !== "unpaid") {
        throw new Error(`No checkout awaiting its payment: ${sessionId}`);
      }
      const intent = { id: newId("pi"), object: "payment_intent" };
      if (outcome === "succeeded") {
        session.payment_status = "paid";
        chargeCard(String(session.customer), Number(session.amount_total));
        emit("checkout.session.async_payment_succeeded", publicSession(session));
        emit("payment_intent.succeeded", intent);
      } else {
        emit("checkout.session.async_payment_failed", publicSession(session));
        emit("payment_intent.payment_failed", intent);
      }
      return this.takeEvents();
    },

    /** The subscription's period ends: it renews with a paid invoice, or ends if canceling. */
    advancePeriod(subscriptionId: string): EmulatedEvent[] {
      const subscription = subscriptions.get(subscriptionId);
      const item = subscription?.items.data[0];
      if (!subscription || !item) throw new Error(`No subscription ${subscriptionId}`);
      const before = copy(subscription);
      const end = item.current_period_end;
      if (subscription.cancel_at_period_end || subscription.cancel_at !== null) {
        Object.assign(subscription, { status: "canceled", ended_at: end, canceled_at: end });
        emit("customer.subscription.deleted", subscription);
        return this.takeEvents();
      }
      item.current_period_start = end;
      item.current_period_end = monthAfter(end);
      const period = { start: end, end: item.current_period_end };
      const line = invoiceLine(subscription, item.price.id, item.price.unit_amount, period, false);
      emit("customer.subscription.updated", subscription, { items: before.items });
      emit("invoice.paid", bill(subscription, "subscription_cycle", [line]));
      return this.takeEvents();
    },
  };
}

export type StripeEmulator = ReturnType<typeof createStripeEmulator>;
