import {
  type Answer,
  type EmulatorState,
  invalid,
  missing,
  type Params,
} from "./emulator-state.ts";
import {
  type invoice,
  invoiceLine,
  type Json,
  newId,
  type Subscription,
} from "./stripe-objects.ts";

/** The endpoints of Stripe's API that Backdrop calls, answering as Stripe does. */
export function createStripeApi(state: EmulatorState) {
  const { options, customers, sessions, subscriptions, seconds, copy, emit } = state;
  const { bill, priceObject, publicSession } = state;

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

  /** DELETE /v1/subscriptions/:id: canceled at once, as Stripe does without prorating. */
  function cancelSubscription(id: string): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return missing("subscription", id);
    if (subscription.status === "canceled") {
      return invalid(`A canceled subscription can only update its metadata: ${id}`);
    }
    const now = seconds();
    Object.assign(subscription, { status: "canceled", canceled_at: now, ended_at: now });
    emit("customer.subscription.deleted", subscription);
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
    ["DELETE", /^\/v1\/subscriptions\/([^/]+)$/, (id) => cancelSubscription(id)],
  ];

  /** The answer to one request, by its method and path. */
  return function route(method: string, path: string, params: Params): Answer {
    for (const [verb, pattern, answer] of routes) {
      const match = verb === method ? pattern.exec(path) : null;
      if (match) return answer(decodeURIComponent(match[1] ?? ""), params);
    }
    return missing("path", path);
  };
}
