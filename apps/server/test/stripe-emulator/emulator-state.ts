import {
  type InvoiceLine,
  invoice,
  type Json,
  newId,
  type Subscription,
} from "./stripe-objects.ts";

// biome-ignore lint/suspicious/noExplicitAny: a parsed form body is loose nested strings, read as Stripe reads it.
export type Params = Record<string, any>;
export type Answer = { status: number; body: unknown };
export type EmulatedEvent = { id: string; type: string; created: number; data: Json } & Json;
export type StoredSession = Json & { internal: Params };
export type EmulatorOptions = { prices: Record<string, number>; now(): number };

export const missing = (what: string, id: string): Answer => ({
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
export const invalid = (message: string): Answer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message } },
});

/**
 * What the emulated Stripe account holds: its objects, the money moved, and the webhook events
 * queued for the tests to take. The API and the emulated customer both act on it.
 */
export function createEmulatorState(options: EmulatorOptions) {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, StoredSession>();
  const subscriptions = new Map<string, Subscription>();
  /** Each customer's balance in cents: negative is a credit the next invoices use first. */
  const balances = new Map<string, number>();
  /** What each customer's card was charged, in cents, one entry a charge: invoices after credits, and packs. */
  const cardCharges = new Map<string, number[]>();
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

  /** Webhook events queued since the last call, oldest first. */
  function takeEvents(): EmulatedEvent[] {
    const taken = pending;
    pending = [];
    return taken;
  }

  function chargeCard(customer: string, cents: number) {
    // A zero charge never reaches the card: nothing shows on the statement.
    if (cents !== 0) cardCharges.set(customer, [...(cardCharges.get(customer) ?? []), cents]);
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

  function publicSession({ internal: _internal, ...session }: StoredSession) {
    return session;
  }

  return {
    options,
    customers,
    sessions,
    subscriptions,
    seconds,
    copy,
    emit,
    takeEvents,
    chargeCard,
    bill,
    priceObject,
    publicSession,
    /** The customer's card charges, in cents, oldest first. */
    chargesOf: (customer: string) => [...(cardCharges.get(customer) ?? [])],
    /** What the customer's card was charged in all, in cents. */
    cardChargesOf: (customer: string) =>
      (cardCharges.get(customer) ?? []).reduce((sum, cents) => sum + cents, 0),
    /** The customer's balance in cents; negative is credit. */
    balanceOf: (customer: string) => balances.get(customer) ?? 0,
  };
}

export type EmulatorState = ReturnType<typeof createEmulatorState>;
