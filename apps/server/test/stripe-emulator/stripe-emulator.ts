import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import {
  type Answer,
  createEmulatorState,
  type EmulatorOptions,
  type Params,
} from "./emulator-state.ts";
import { parseFormBody } from "./form-body.ts";
import { createPaymentsAndPeriods } from "./payments-and-periods.ts";
import { createStripeApi } from "./stripe-api.ts";
import { newId } from "./stripe-objects.ts";

export type { EmulatedEvent } from "./emulator-state.ts";
export type RecordedRequest = {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
};

/**
 * The part of Stripe's HTTP API that Backdrop calls, in memory on 127.0.0.1, for the real
 * SDK to talk to. State changes queue the webhook events Stripe would send; tests take them.
 */
export function createStripeEmulator(options: EmulatorOptions) {
  const state = createEmulatorState(options);
  const route = createStripeApi(state);
  const replies = new Map<string, Answer>();
  const requests: RecordedRequest[] = [];

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
    takeEvents: state.takeEvents,
    subscription: (id: string) => state.subscriptions.get(id),
    /** What the customer's card was charged in all, in cents. */
    cardChargesOf: state.cardChargesOf,
    /** The customer's card charges one by one, in cents, oldest first. */
    chargesOf: state.chargesOf,
    /** The customer's balance in cents; negative is credit. */
    balanceOf: state.balanceOf,
    ...createPaymentsAndPeriods(state),
  };
}

export type StripeEmulator = ReturnType<typeof createStripeEmulator>;
